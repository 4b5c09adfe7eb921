/**
 * The request box before CodeMirror has loaded (or when it cannot): a plain <textarea> that
 * edits and checks the request like the real editor, with no marks. A paste that would take the
 * request over the size limit is refused here too, before the browser inserts it.
 */
import {element} from "../runtime/dom.js";
import type {JsonRequestEditorOptions} from "./json-request-editor.js";
import type {RequestBox} from "./request-text-box.js";

export interface PlainRequestBox extends RequestBox {
  dom: HTMLTextAreaElement;
  selection(): {anchor: number; head: number};
}

type PlainOptions = Pick<JsonRequestEditorOptions, "describedBy" | "edited" | "accepts"> & {id: string};

export function PlainRequestBox({id, describedBy, edited, accepts}: PlainOptions): PlainRequestBox {
  const textarea = element("textarea", {
    id,
    class: "request-editor-text",
    wrap: "off",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "off",
    "aria-describedby": describedBy
  });
  textarea.addEventListener("input", (event) => {
    edited(event instanceof InputEvent && /^insertFrom/.test(event.inputType), textarea.textLength);
  });
  textarea.addEventListener("paste", (event) => {
    const pasted = event.clipboardData?.getData("text/plain") ?? "";
    const {selectionStart: from, selectionEnd: to} = textarea;
    const length = textarea.textLength - (to - from) + pasted.replace(/\r\n?/g, "\n").length;
    if (pasted !== "" && !accepts(length)) event.preventDefault();
  });
  return {
    dom: textarea,
    text: () => textarea.value,
    length: () => textarea.textLength,
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
    }
  };
}
