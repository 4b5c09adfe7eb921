/**
 * The line under the request box that says in words what is marked: for assistive technology
 * (it is the box's description), and for a text the lab does not look at (over the size limit).
 */
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import {element, writeText} from "../runtime/dom.js";
import {overLimitWords, refusedInsertionWords, type BoxInsertion} from "./size-verdict.js";

const STATUS_MESSAGE_LENGTH = 240;

export interface RequestStatus {
  /** The status line; its id is `${editorId}-status`. */
  element: HTMLElement;
  /** A live region beside it that announces a refused paste or drop (which changes nothing in the box). */
  announcer: HTMLElement;
  /** Says what is marked in `text` (the request). */
  describe(text: string, findings: readonly MessageFinding[]): void;
  /** Names the limit: what a text of `length` characters holds is not looked at. */
  overLimit(length: number): void;
  /** Says that a paste or drop was not taken: the box would have held `length` characters or more. */
  refused(length: number, insertion: BoxInsertion): void;
  /** Says a check of the reader's last keystrokes waits for typing to pause. */
  pending(): void;
}

export function RequestStatus(editorId: string): RequestStatus {
  const words = element("span");
  // Shown while a large request waits for the pause: beside the last check's words, so the line does not jump.
  const pendingNote = element(
    "span",
    {class: "request-editor-pending", hidden: true},
    " Checked before your last keystrokes; a large request is checked again once you pause typing."
  );
  // A refused paste changes nothing in the box: a screen reader hears why from this live region, kept
  // apart from the status line (the box's description), so the words are not read twice.
  const announcer = element("p", {class: "visually-hidden", role: "status"});
  const say = (text: string) => {
    writeText(words, text);
    pendingNote.hidden = true;
  };
  return {
    element: element("p", {class: "request-editor-status", id: `${editorId}-status`}, words, pendingNote),
    announcer,
    describe: (text, findings) => say(describeMarks(text, findings)),
    overLimit: (length) => say(overLimitWords(length)),
    refused(length, insertion) {
      const text = refusedInsertionWords(length, insertion);
      say(text);
      // Emptied first and written a frame later, so the same refusal twice is announced twice.
      writeText(announcer, "");
      requestAnimationFrame(() => writeText(announcer, text));
    },
    pending() {
      pendingNote.hidden = false;
    }
  };
}

/** What is marked, and where the first error is. */
function describeMarks(text: string, findings: readonly MessageFinding[]): string {
  const counts = {error: 0, warning: 0, note: 0};
  for (const finding of findings) if (finding.span) counts[finding.severity]++;
  const size = `${text.length.toLocaleString("en-US")} characters.`;
  if (counts.error + counts.warning + counts.note === 0) return `${size} Nothing is marked.`;
  const parts = (["error", "warning", "note"] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => `${counts[severity]} ${severity}${counts[severity] === 1 ? "" : "s"}`);
  const first =
    findings.find((finding) => finding.severity === "error" && finding.span) ??
    findings.find((finding) => finding.span);
  const message = first
    ? first.message.length > STATUS_MESSAGE_LENGTH
      ? `${first.message.slice(0, STATUS_MESSAGE_LENGTH)}…`
      : first.message
    : "";
  const where = first?.span ? ` First at line ${first.span.line}, column ${first.span.column}: ${message}` : "";
  return `${size} Marked: ${parts.join(", ")}.${where}`;
}
