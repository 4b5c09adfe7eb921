/**
 * A cell's code box. It starts as a plain textarea, which loads nothing; the first time a reader
 * focuses it or runs a cell, CodeMirror (code-editor.ts) is loaded and takes its place with the
 * same text and caret. Either way Shift+Enter runs the cell.
 */
import {element} from "../runtime/dom.js";
import {onDemand} from "../runtime/on-demand.js";

export interface CellEditor {
  element: HTMLElement;
  code(): string;
  /** Loads the real editor (once per page) and puts it in the textarea's place. */
  upgrade(): Promise<void>;
}

// The editor's module, loaded once per page; a failed load is tried again at the next focus.
const codeEditor = onDemand(
  () => import("./code-editor.js"),
  "Loading the editor…",
  () => "The editor could not load; the plain text box stays."
);

export function CellEditor(options: {code: string; onRun(): void; onChange(code: string): void}): CellEditor {
  const label = "Cell code";
  const textarea = element("textarea", {
    class: "cell-code-plain",
    "aria-label": label,
    spellcheck: false,
    rows: Math.min(14, Math.max(3, options.code.split("\n").length)),
    oninput: () => options.onChange(textarea.value),
    onkeydown: (event: Event) => {
      const key = event as KeyboardEvent;
      if (key.key === "Enter" && key.shiftKey) {
        key.preventDefault();
        options.onRun();
      }
    },
    onfocus: () => void upgrade(true)
  });
  textarea.value = options.code;
  const box = element("div", {class: "cell-code code-tokens"}, textarea);
  let code = () => textarea.value;
  let upgrading: Promise<void> | null = null;
  const upgrade = (focus = false): Promise<void> => {
    upgrading ??= codeEditor.load().then(
      ({javascriptEditor}) => {
        const hadFocus = focus || document.activeElement === textarea;
        const editor = javascriptEditor({
          doc: textarea.value,
          label,
          onRun: options.onRun,
          onChange: options.onChange,
          selection: {anchor: textarea.selectionStart, head: textarea.selectionEnd}
        });
        box.replaceChildren(editor.dom);
        code = editor.code;
        if (hadFocus) editor.focus();
      },
      // The textarea stays (it edits and runs the cell as well, only plainer); the next focus tries again.
      () => {
        upgrading = null;
      }
    );
    return upgrading;
  };
  return {element: box, code: () => code(), upgrade: () => upgrade()};
}
