/**
 * The A2A version a lesson speaks, chosen once for the whole course. Every lesson has it as its
 * `version` input (lesson 1's registration and teaching sender, lesson 2's A2A-Version header,
 * lesson 3's contract, lesson 4's signed body, lesson 5's sender), one field shape under one link
 * parameter, so a link can carry the choice from lesson to lesson.
 */
import type {ChoiceField} from "../lesson-inputs/fields.js";

export const MESSAGE_VERSIONS = ["0.3", "1.0"] as const;
export type MessageVersion = (typeof MESSAGE_VERSIONS)[number];
/** A2A 1.0.1 specification section 3.6.2: "Agents MUST interpret empty value as 0.3 version". */
export const DEFAULT_MESSAGE_VERSION: MessageVersion = "0.3";

export const VERSION_PARAMETER = "version";

/** How the version inputs and the links name each version. */
export const MESSAGE_VERSION_LABELS: Readonly<Record<MessageVersion, string>> = {
  "0.3": "0.3 (A2A v0.3.0)",
  "1.0": "1.0 (A2A 1.0.1)"
};

export function versionField(group: string, help: string, label = "A2A version"): ChoiceField {
  return {
    kind: "choice",
    name: VERSION_PARAMETER,
    label,
    group,
    help,
    courseWide: true,
    options: MESSAGE_VERSIONS.map((version) => ({value: version, label: MESSAGE_VERSION_LABELS[version]}))
  };
}
