/**
 * A paste that would take the request over the size limit is named before it is inserted.
 * The browser's own paste of megabytes is one task of seconds (its cost grows with the lines
 * pasted, on any page), and nothing on the page can paint until it ends. So such a paste is
 * taken over: the editor names the limit at once, lets that frame paint, then inserts the text
 * in one step (setRangeText, one layout) with the `input` event a paste fires.
 *
 * setRangeText is not on the browser's undo stack, so this paste keeps an undo of its own: the
 * next undo while nothing else was edited puts back what it replaced. Ctrl+Z (Cmd+Z) is read
 * as a key, since the browser offers no undo event when its own stack is empty; an undo from
 * the menu arrives as a `beforeinput` historyUndo when there is one.
 * A paste that stays within the limit is left to the browser, its undo included.
 */
import {overLimitByLength} from "./size-verdict.js";

export interface OverLimitPasteOptions {
  /** Names the limit for a text of `length` characters, before anything is inserted. */
  named(length: number): void;
}

/** What an over-limit paste replaced, so one undo can put it back. */
interface PastedOver {
  from: number;
  pasted: string;
  replaced: string;
  /** The textarea's text right after the paste: any other edit ends the undo. */
  length: number;
}

export function takeOverLimitPastes(textarea: HTMLTextAreaElement, options: OverLimitPasteOptions): void {
  let last: PastedOver | null = null;

  textarea.addEventListener("paste", (event) => {
    const pasted = event.clipboardData?.getData("text/plain");
    if (!pasted) return;
    const {selectionStart: from, selectionEnd: to} = textarea;
    // The textarea keeps line breaks as "\n": what it would hold, counted as it would count it.
    const text = pasted.replace(/\r\n?/g, "\n");
    const length = textarea.textLength - (to - from) + text.length;
    if (!overLimitByLength(length)) return;
    event.preventDefault();
    options.named(length);
    afterPaint(() => {
      const replaced = textarea.value.slice(from, to);
      insert(textarea, text, from, to, "insertFromPaste");
      last = {from, pasted: text, replaced, length: textarea.textLength};
    });
  });

  /** Puts back what the last over-limit paste replaced; false when there is none to undo. */
  const undo = (): boolean => {
    const paste = last;
    last = null;
    if (paste === null || textarea.textLength !== paste.length) return false;
    insert(textarea, paste.replaced, paste.from, paste.from + paste.pasted.length, "historyUndo");
    return true;
  };
  textarea.addEventListener("keydown", (event) => {
    const undoKey =
      (event.ctrlKey || event.metaKey) && !event.shiftKey && !event.altKey && event.key.toLowerCase() === "z";
    if (undoKey && undo()) event.preventDefault();
  });
  textarea.addEventListener("beforeinput", (event) => {
    if (event.inputType === "historyUndo" && undo()) event.preventDefault();
  });
  // Any other edit makes the remembered paste stale: the browser's undo takes over again.
  textarea.addEventListener("input", (event) => {
    if (!(event instanceof InputEvent) || (event.inputType !== "insertFromPaste" && event.inputType !== "historyUndo"))
      last = null;
  });
}

function insert(textarea: HTMLTextAreaElement, text: string, from: number, to: number, inputType: string): void {
  textarea.setRangeText(text, from, to, "end");
  textarea.dispatchEvent(new InputEvent("input", {bubbles: true, inputType}));
}

/** Runs `then` in a task after the next frame is painted, so what was just written shows first. */
function afterPaint(then: () => void): void {
  requestAnimationFrame(() => setTimeout(then, 0));
}
