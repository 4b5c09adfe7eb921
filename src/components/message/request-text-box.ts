/**
 * The request editor's text box. It starts as a plain <textarea>, which edits and checks the
 * request as well, only plainer, and costs the page's first load nothing; CodeMirror 6
 * (./json-request-editor.ts, loaded when the reader comes near the box or focuses it) then
 * takes its place with the same text and caret, and marks lib's findings on their spans. Under it: the status line that says
 * what is marked (./request-status.ts) and the line that names a linked request's line ends
 * (./line-ends-line.ts). The box's own line ends are "\n"; the request it stands for keeps a
 * linked text's CR line ends until it is edited.
 */
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import type {SourceSpan as MessageSourceSpan} from "../../../lib/message/source-span.js";
import {boxOffset, lineEndsOf, withLineEnds} from "../../../lib/message/line-ends.js";
import {exceedsRequestLimit} from "../../../lib/message/request-size.js";
import {element} from "../runtime/dom.js";
import {onDemand} from "../runtime/on-demand.js";
import {whenNear} from "../runtime/when-near.js";
import {LineEndsLine} from "./line-ends-line.js";
import {PlainRequestBox} from "./plain-request-box.js";
import type {BoxMark, RequestBox} from "./request-box.js";
import {RequestStatus} from "./request-status.js";
import {overLimitByLength, type BoxInsertion} from "./size-verdict.js";
import {checkEdit, PausedCheck} from "./typing-check.js";

export interface RequestTextBox {
  /** The box in its frame, the status line and the line-ends line, in page order. */
  elements: HTMLElement[];
  /** The check of the reader's edits: a large request's waits for typing to pause. */
  check: PausedCheck;
  /** Puts a text in the box ("\n" line ends); returns the request: the text as the box holds it. */
  put(text: string): string;
  /** Puts a linked request in the box; returns it exactly (the box normalises its line breaks to "\n"). */
  load(text: string): string;
  /** Scrolls the box back to the text's start. */
  scrollToStart(): void;
  /** Marks the findings of the request `text` and says what is marked. */
  mark(text: string, findings: readonly MessageFinding[]): void;
  /** Selects a span of the request `text` in the box, scrolls it into view and focuses it. */
  reveal(span: MessageSourceSpan, text: string): void;
  focus(): void;
}

export interface RequestTextBoxEvents {
  /** Each edit of the box, counted as it happens. */
  counted(): void;
  /** The request after the reader's edits, once checked. */
  edited(text: string): void;
}

const codeEditor = onDemand(
  () => import("./json-request-editor.js"),
  "Loading the editor…",
  () => "The editor could not load; the plain text box stays."
);

export function RequestTextBox(id: string, {counted, edited}: RequestTextBoxEvents): RequestTextBox {
  const status = RequestStatus(id);
  const lineEnds = LineEndsLine();
  const check = PausedCheck(() => {
    // A lone CR cannot survive an edit in a text box: from the first edit the box's text is the request.
    if (lineEnds.ends === "mixed") lineEnds.set("lf");
    edited(withLineEnds(box.text(), lineEnds.ends));
  });
  /** Whether the box was edited since its marks were set: the marks then belong to an older text. */
  let editedSinceMarked = false;
  const onEdit = (wholeChange: boolean, length: number) => {
    editedSinceMarked = true;
    counted();
    checkEdit(wholeChange, length, status, check);
  };
  /** A paste or drop goes in only if the box stays within the limit; otherwise the status says why not. */
  const mayInsert = (length: number, insertion: BoxInsertion) => {
    if (!overLimitByLength(length)) return true;
    status.refused(length, insertion);
    return false;
  };
  const boxOptions = {labelledBy: `${id}-label`, describedBy: status.element.id, edited: onEdit, mayInsert};
  const plain = PlainRequestBox(boxOptions);
  const frame = element("div", {class: "request-editor-frame code-tokens", "data-loads-when-near": ""}, plain.dom);
  let box: RequestBox = plain;
  let marks: readonly BoxMark[] = [];

  const upgrade = () =>
    codeEditor.load().then(({jsonRequestEditor}) => {
      if (box !== plain) return;
      const hadFocus = document.activeElement === plain.dom;
      const editor = jsonRequestEditor({...boxOptions, doc: plain.text(), selection: plain.selection()});
      // Marks of an older text wait for the check of the newer one.
      if (!editedSinceMarked) editor.mark(marks);
      frame.replaceChildren(editor.dom);
      frame.removeAttribute("data-loads-when-near");
      box = editor;
      if (hadFocus) editor.focus();
    });
  // CodeMirror loads when the reader comes near the box or focuses it: on a phone the box is screens
  // below the top, and its load would be the page's longest task. The plain box stays when the
  // editor cannot load; its next focus tries again.
  const tryUpgrade = () => void upgrade().catch(() => {});
  plain.dom.addEventListener("focus", tryUpgrade);
  whenNear(frame, tryUpgrade);

  return {
    elements: [frame, status.element, status.announcer, lineEnds.element],
    check,
    put(text) {
      box.put(text);
      lineEnds.set("lf");
      return box.text();
    },
    load(text) {
      box.put(text);
      lineEnds.set(lineEndsOf(text), text);
      return text;
    },
    scrollToStart: () => box.scrollToStart(),
    mark(text, findings) {
      // A check of newer keystrokes waits: these findings are of an older text, and the box keeps its marks moving with the edits.
      if (check.waiting()) return;
      // Over the limit: no marks (the lab did not parse it), and no work on its characters.
      editedSinceMarked = false;
      if (overLimitByLength(text.length) || exceedsRequestLimit(text)) {
        marks = [];
        box.mark(marks);
        return status.overLimit(text.length);
      }
      marks = boxMarks(text, findings);
      box.mark(marks);
      status.describe(text, findings);
    },
    reveal: (span, text) => box.select(boxOffset(text, span.from), boxOffset(text, span.to)),
    focus: () => box.focus()
  };
}

/** The findings with a span, at the box's offsets (its line ends are "\n"). */
function boxMarks(text: string, findings: readonly MessageFinding[]): BoxMark[] {
  const at = text.includes("\r") ? (offset: number) => boxOffset(text, offset) : (offset: number) => offset;
  return findings.flatMap((finding) =>
    finding.span
      ? [{from: at(finding.span.from), to: at(finding.span.to), severity: finding.severity, message: finding.message}]
      : []
  );
}
