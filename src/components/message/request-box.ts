/**
 * What lesson 2's request text box is asked and what it tells, whichever it is: the plain
 * textarea the page starts with (./plain-request-box.ts) or CodeMirror (./json-request-editor.ts).
 */
import type {Severity as MessageFindingSeverity} from "../../../lib/message/finding.js";
import {lengthAfterInsert, type BoxInsertion} from "./size-verdict.js";

/** A finding placed in the box's text (its offsets are the box's, "\n" line ends). */
export interface BoxMark {
  from: number;
  to: number;
  severity: MessageFindingSeverity;
  message: string;
}

export interface RequestBox {
  text(): string;
  /** Replaces the whole text as the page (an example, a translation): not one of the reader's edits, and not undone as one. */
  put(text: string): void;
  /** Marks these findings (earlier marks go). */
  mark(marks: readonly BoxMark[]): void;
  /** Selects [from, to), scrolls it into view and focuses the box. */
  select(from: number, to: number): void;
  scrollToStart(): void;
  focus(): void;
}

export interface RequestBoxOptions {
  /** The ids of the box's label and of the status line that describes it. */
  labelledBy: string;
  describedBy: string;
  /** Each edit the reader makes: `wholeChange` for a paste or a drop; `length` is the box's length after it. */
  edited(wholeChange: boolean, length: number): void;
  /** Whether a paste or drop that would leave the box `length` characters long (or more) may go in. */
  mayInsert(length: number, insertion: BoxInsertion): boolean;
}

/**
 * Whether a drop adds text to the box: one from outside it, or a drag within it that copies (Ctrl,
 * or Alt on a Mac, which CodeMirror's dragMovesSelection reads: @codemirror/view dist/index.js).
 * Any other drag within the box moves text and leaves its length as it was.
 */
export const dropAddsText = (draggedFromBox: boolean, event: DragEvent): boolean =>
  !draggedFromBox || event.ctrlKey || event.altKey;

/** The box's length after pasting `data` over `selected` characters; null when there is no text to paste. */
export function lengthAfterPaste(boxLength: number, selected: number, data: DataTransfer | null): number | null {
  const text = data?.getData("text/plain") ?? "";
  return text === "" ? null : lengthAfterInsert(boxLength, selected, text);
}

/**
 * The box's length after a drop from outside it, which inserts at the drop point: its text, or
 * its files (their size in bytes, never less than their characters); null when it brings neither.
 */
export function lengthAfterDrop(boxLength: number, data: DataTransfer | null): number | null {
  if (!data) return null;
  if (data.files.length > 0) return boxLength + [...data.files].reduce((bytes, file) => bytes + file.size, 0);
  return lengthAfterPaste(boxLength, 0, data);
}
