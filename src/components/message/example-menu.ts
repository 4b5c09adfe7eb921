/**
 * The request editor's menu of examples, grouped by the version each is written for, and the
 * line under it: the chosen example's summary and, once the text differs from it, "Edited." and
 * a way back.
 */
import {exampleVersion, type MessageExample} from "../../../lib/message/examples.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";
import {element, writeText} from "../runtime/dom.js";

const VERSION_GROUPS: readonly {version: MessageVersion; label: string}[] = [
  {version: "0.3", label: "A2A v0.3.0 (message/send)"},
  {version: "1.0", label: "A2A 1.0 (SendMessage)"}
];

export interface ExampleMenu {
  element: HTMLElement;
  /** Shows `example` as chosen, and whether `text` is still its request. */
  show(example: MessageExample, text: string): void;
}

export interface ExampleMenuActions {
  /** The reader chose an example in the menu. */
  choose(exampleId: string): void;
  /** The reader asked for the chosen example's own text back. */
  restore(): void;
}

export function ExampleMenu(
  examples: readonly MessageExample[],
  editorId: string,
  actions: ExampleMenuActions
): ExampleMenu {
  const select = element("select", {id: `${editorId}-example`}, ExampleOptions(examples));
  const summary = element("span", {class: "example-summary"});
  const edited = element("span", {class: "example-edited"}, "Edited.");
  const restore = element("button", {type: "button", class: "example-restore"}, "Restore the example");
  select.addEventListener("change", () => actions.choose(select.value));
  restore.addEventListener("click", () => actions.restore());
  return {
    element: element(
      "div",
      {class: "example-menu"},
      element("label", {for: `${editorId}-example`}, "Example"),
      select,
      element("p", {class: "example-line"}, summary, " ", edited, " ", restore)
    ),
    show(example, text) {
      if (select.value !== example.id) select.value = example.id;
      writeText(summary, example.summary);
      const isEdited = text !== example.requestText;
      if (edited.hidden === isEdited) edited.hidden = restore.hidden = !isEdited;
    }
  };
}

/** One option per example, in groups by version when the examples are written for more than one. */
function ExampleOptions(examples: readonly MessageExample[]): HTMLElement[] {
  const optionOf = (candidate: MessageExample) => element("option", {value: candidate.id}, candidate.title);
  const groups = VERSION_GROUPS.map(({version, label}) => ({
    label,
    members: examples.filter((candidate) => exampleVersion(candidate) === version)
  })).filter((group) => group.members.length > 0);
  return groups.length > 1
    ? groups.map((group) => element("optgroup", {label: group.label}, group.members.map(optionOf)))
    : examples.map(optionOf);
}
