/**
 * The request's line ends, and the line under the editor that names them. A linked request with
 * CR line ends: the box cannot show them ("\n" only), so the editor says what it checks.
 */
import {lineEndsNote, type LineEnds} from "../../../lib/message/line-ends.js";
import {element, writeText} from "../runtime/dom.js";

export interface LineEndsLine {
  element: HTMLElement;
  /** The line ends of the request the editor checks. */
  readonly ends: LineEnds;
  /** Takes `ends` as the request's (`text` the request, for the note). */
  set(ends: LineEnds, text?: string): void;
}

export function LineEndsLine(): LineEndsLine {
  const line = element("p", {class: "request-editor-line-ends", hidden: true});
  let ends: LineEnds = "lf";
  return {
    element: line,
    get ends() {
      return ends;
    },
    set(next, text = "") {
      ends = next;
      const note = lineEndsNote(text, next);
      line.hidden = note === null;
      writeText(line, note ?? "");
    }
  };
}
