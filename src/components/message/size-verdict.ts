/**
 * The editor's words for a text over the request size limit (lib/message/request-size.ts).
 * Every UTF-16 code unit is at least one byte of UTF-8, so a text longer than the limit in code
 * units is over it in bytes: the editor can say so from the box's length alone, before (and
 * instead of) any work on the characters.
 */
import {MAX_REQUEST_BYTES as MAX_MESSAGE_REQUEST_BYTES} from "../../../lib/message/request-size.js";

/** Proved over the limit by its length alone. */
export const overLimitByLength = (length: number): boolean => length > MAX_MESSAGE_REQUEST_BYTES;

export function overLimitWords(length: number): string {
  return `${length.toLocaleString("en-US")} characters: over the size limit of ${MAX_MESSAGE_REQUEST_BYTES.toLocaleString("en-US")} bytes (1 MiB) of UTF-8. The lab refuses it unparsed (-32000), and nothing in it is checked or marked.`;
}

/** How text arrives in the box other than by typing. */
export type BoxInsertion = "paste" | "drop";

/** Words for a paste or drop the box did not take: with it the request would be at least `length` characters long. */
export function refusedInsertionWords(length: number, insertion: BoxInsertion): string {
  return `Not ${insertion === "paste" ? "pasted" : "dropped"}: with it the request would be ${length.toLocaleString("en-US")} characters or more, over the size limit of ${MAX_MESSAGE_REQUEST_BYTES.toLocaleString("en-US")} bytes (1 MiB) of UTF-8, which a server refuses unparsed (-32000). The box keeps its text.`;
}

/**
 * The box's length once `inserted` replaces `replaced` characters of its `boxLength`: the box keeps
 * line breaks as "\n", so a CRLF counts as one. A text whose own length keeps the box within the
 * limit needs no counting.
 */
export function lengthAfterInsert(boxLength: number, replaced: number, inserted: string): number {
  const raw = boxLength - replaced + inserted.length;
  return overLimitByLength(raw) ? raw - (inserted.match(/\r\n/g)?.length ?? 0) : raw;
}
