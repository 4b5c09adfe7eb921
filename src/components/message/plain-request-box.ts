/**
 * The request box before CodeMirror has loaded (or when it cannot): a plain <textarea> that
 * edits and checks the request like the real editor, with no marks. A paste or a drop that would
 * take the request over the size limit is refused here too, before the browser inserts it.
 */
import {element} from "../runtime/dom.js";
import {
  dropAddsText,
  lengthAfterDrop,
  lengthAfterPaste,
  type RequestBox,
  type RequestBoxOptions
} from "./request-box.js";
import type {BoxInsertion} from "./size-verdict.js";

export interface PlainRequestBox extends RequestBox {
  dom: HTMLTextAreaElement;
  selection(): {anchor: number; head: number};
}

export function PlainRequestBox({labelledBy, describedBy, edited, mayInsert}: RequestBoxOptions): PlainRequestBox {
  const textarea = element("textarea", {
    class: "request-editor-text",
    wrap: "off",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "off",
    "aria-labelledby": labelledBy,
    "aria-describedby": describedBy
  });
  let draggingFromBox = false;
  const refuse = (event: Event, length: number | null, insertion: BoxInsertion) => {
    if (length !== null && !mayInsert(length, insertion)) event.preventDefault();
  };
  textarea.addEventListener("input", (event) => {
    edited(event instanceof InputEvent && /^insertFrom/.test(event.inputType), textarea.textLength);
  });
  textarea.addEventListener("paste", (event) => {
    const selected = textarea.selectionEnd - textarea.selectionStart;
    refuse(event, lengthAfterPaste(textarea.textLength, selected, event.clipboardData), "paste");
  });
  textarea.addEventListener("dragstart", () => (draggingFromBox = true));
  textarea.addEventListener("dragend", () => (draggingFromBox = false));
  textarea.addEventListener("drop", (event) => {
    if (dropAddsText(draggingFromBox, event))
      refuse(event, lengthAfterDrop(textarea.textLength, event.dataTransfer), "drop");
    draggingFromBox = false;
  });
  return {
    dom: textarea,
    text: () => textarea.value,
    selection: () => ({anchor: textarea.selectionStart, head: textarea.selectionEnd}),
    put(text) {
      textarea.value = text;
    },
    mark() {},
    select(from, to) {
      textarea.focus();
      textarea.setSelectionRange(from, to);
    },
    scrollToStart() {
      textarea.scrollTop = textarea.scrollLeft = 0;
    },
    focus: () => textarea.focus()
  };
}
