/**
 * A small set of radios as one custom input: `value` is the chosen option's value, a choice (or
 * `choose`) dispatches one `input` from the fieldset itself, and the radios' own events stay
 * inside. The read-run choice and lesson 2's A2A-Version switch are made of it.
 */
import {element} from "../runtime/dom.js";

export type RadioChoiceElement<Value extends string> = HTMLFieldSetElement & {
  value: Value;
  /** Sets the choice; dispatches `input` when it changes. */
  choose(value: Value): void;
};

let choiceCount = 0;

export function RadioChoice<Value extends string>(
  legend: string,
  options: readonly {value: Value; label: string}[],
  initial: Value,
  className: string
): RadioChoiceElement<Value> {
  const name = `${className}-${++choiceCount}`;
  const radios = options.map(({value}) => element("input", {type: "radio", name, value, checked: value === initial}));
  const root = element(
    "fieldset",
    {class: className},
    element("legend", null, legend),
    options.map(({label}, index) => element("label", null, radios[index]!, ` ${label}`))
  ) as RadioChoiceElement<Value>;
  root.value = initial;
  root.choose = (value: Value) => {
    if (root.value === value) return;
    root.value = value;
    for (const radio of radios) radio.checked = radio.value === value;
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  root.addEventListener("change", (event) => {
    event.stopPropagation();
    root.choose((event.target as HTMLInputElement).value as Value);
  });
  // The radios' own input events are details: the choice emits its own.
  root.addEventListener("input", (event) => {
    if (event.target !== root) event.stopImmediatePropagation();
  });
  return root;
}
