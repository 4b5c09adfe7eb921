/**
 * The request editor's text box: a plain <textarea> over the mirror that marks the findings
 * (./marked-mirror.ts), the line that names a linked request's line ends (./line-ends-line.ts),
 * and the check of every edit, now or once typing pauses (./typing-check.ts). The box's own line
 * ends are "\n"; the request it stands for keeps a linked text's CR line ends until it is edited.
 */
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import type {SourceSpan as MessageSourceSpan} from "../../../lib/message/source-span.js";
import {lineEndsOf, withLineEnds} from "../../../lib/message/line-ends.js";
import {element} from "../runtime/dom.js";
import {LineEndsLine} from "./line-ends-line.js";
import {MarkedMirror} from "./marked-mirror.js";
import {listenForEdits, PausedCheck} from "./typing-check.js";

export interface RequestTextBox {
  /** The box in its frame, the status line and the line-ends line, in page order. */
  elements: HTMLElement[];
  /** The check of the reader's edits: a large request's waits for typing to pause. */
  check: PausedCheck;
  /** Puts a text in the box ("\n" line ends); returns the request: the text as the box holds it. */
  put(text: string): string;
  /** Puts a linked request in the box; returns it exactly (the box normalises its line breaks to "\n"). */
  load(text: string): string;
  /** Scrolls the box (and the mirror with it) back to the text's start. */
  scrollToStart(): void;
  /** Marks the findings of the request `text` and says what is marked. */
  mark(text: string, findings: readonly MessageFinding[]): void;
  /** Selects a span of the request `text` in the box, scrolls it into view and focuses it. */
  reveal(span: MessageSourceSpan, text: string): void;
}

export interface RequestTextBoxEvents {
  /** Each edit of the box, counted as it happens. */
  counted(): void;
  /** The request after the reader's edits, once checked. */
  edited(text: string): void;
}

export function RequestTextBox(id: string, {counted, edited}: RequestTextBoxEvents): RequestTextBox {
  const textarea = element("textarea", {
    id,
    class: "request-editor-text",
    wrap: "off",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "off",
    "aria-describedby": `${id}-status`
  });
  const marks = MarkedMirror(id, textarea);
  const lineEnds = LineEndsLine();
  const check = PausedCheck(() => {
    // A lone CR cannot survive an edit in a text box: from the first edit the box's text is the request.
    if (lineEnds.ends === "mixed") lineEnds.set("lf");
    edited(withLineEnds(textarea.value, lineEnds.ends));
  });
  listenForEdits(textarea, marks, check, counted);
  return {
    elements: [marks.frame, marks.status, lineEnds.element],
    check,
    put(text) {
      textarea.value = text;
      lineEnds.set("lf");
      return textarea.value;
    },
    load(text) {
      textarea.value = text;
      lineEnds.set(lineEndsOf(text), text);
      return text;
    },
    scrollToStart() {
      textarea.scrollTop = textarea.scrollLeft = 0;
      marks.syncScroll();
    },
    mark: (text, findings) => marks.mark(text, findings, lineEnds.ends),
    reveal: marks.reveal
  };
}
