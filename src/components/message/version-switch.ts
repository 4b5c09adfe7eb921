/**
 * The A2A-Version switch of lesson 2: which header value the request is sent with, "0.3" (no
 * header means the same, A2A 1.0.1 section 3.6.2) or "1.0". A custom input (radio-choice.ts):
 * `value` is the version, and a choice (or `choose`) dispatches `input`.
 */
import {MESSAGE_VERSION_LABELS, MESSAGE_VERSIONS, type MessageVersion} from "../../../lib/shared/message-version.js";
import {RadioChoice, type RadioChoiceElement} from "../controls/radio-choice.js";

export type VersionSwitchElement = RadioChoiceElement<MessageVersion>;

export function VersionSwitch(initial: MessageVersion): VersionSwitchElement {
  return RadioChoice(
    "A2A-Version header",
    MESSAGE_VERSIONS.map((version) => ({value: version, label: MESSAGE_VERSION_LABELS[version]})),
    initial,
    "version-switch"
  );
}
