/**
 * The A2A-Version switch of lesson 2: which header value the request is sent with, "0.3" (no
 * header means the same, A2A 1.0.1 section 3.6.2) or "1.0". A custom input: `value` is the
 * version, and a choice (or `choose`) dispatches `input`.
 */
import {element} from "../dom.js";
import {MESSAGE_VERSION_LABELS, MESSAGE_VERSIONS, type MessageVersion} from "../../../lib/message/index.js";

export type VersionSwitchElement = HTMLFieldSetElement & {
  value: MessageVersion;
  /** Sets the version; dispatches `input` when it changes. */
  choose(version: MessageVersion): void;
};

let switchCount = 0;

export function VersionSwitch(initial: MessageVersion): VersionSwitchElement {
  const name = `a2a-version-${++switchCount}`;
  const radios = MESSAGE_VERSIONS.map((version) => element("input", {type: "radio", name, value: version, checked: version === initial}));
  const root = element(
    "fieldset",
    {class: "version-switch"},
    element("legend", null, "A2A-Version header"),
    MESSAGE_VERSIONS.map((version, index) => element("label", null, radios[index]!, ` ${MESSAGE_VERSION_LABELS[version]}`))
  ) as VersionSwitchElement;
  root.value = initial;
  root.choose = (version: MessageVersion) => {
    if (root.value === version) return;
    root.value = version;
    for (const radio of radios) radio.checked = radio.value === version;
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  root.addEventListener("change", (event) => {
    event.stopPropagation();
    root.choose((event.target as HTMLInputElement).value as MessageVersion);
  });
  // The radios' own input events are details: the switch emits its own.
  root.addEventListener("input", (event) => {
    if (event.target !== root) event.stopImmediatePropagation();
  });
  return root;
}
