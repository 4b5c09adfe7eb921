/**
 * When an edit of the request is checked. A paste (or a drop) is one deliberate change, checked at
 * once whatever its size; a keystroke in a large request is checked once typing pauses; a text
 * whose length alone proves it over the size limit is named as such at once.
 */
import {debounced, type Debounced} from "../runtime/debounced.js";
import type {RequestStatus} from "./request-status.js";
import {overLimitByLength} from "./size-verdict.js";

/**
 * Past this many characters a keystroke is checked once typing pauses: running six stages over
 * a megabyte costs tens of milliseconds, and typing must stay as quick as in a plain text box.
 * Until then the status says the check is pending (the marks move with the text meanwhile).
 * A paste or a smaller text is checked at once.
 */
const LARGE_REQUEST_CHARACTERS = 64 * 1024;
const LARGE_REQUEST_PAUSE_MS = 200;

/** The editor's check of its text: now, or once typing has paused for LARGE_REQUEST_PAUSE_MS (`later()`). */
export type PausedCheck = Debounced;

export const PausedCheck = (check: () => void): PausedCheck => debounced(check, LARGE_REQUEST_PAUSE_MS);

/** Checks an edit that left the box `length` characters long, now or after the pause, as its kind and size ask. */
export function checkEdit(wholeChange: boolean, length: number, status: RequestStatus, check: PausedCheck): void {
  check.cancel();
  // Its length alone proves a text over the limit: say so now, and let the page hear of it at once
  // only for a paste (its verdict, -32000, does not change as the reader types on).
  if (overLimitByLength(length)) {
    status.overLimit(length);
    return wholeChange ? check.now() : check.later();
  }
  if (wholeChange || length <= LARGE_REQUEST_CHARACTERS) return check.now();
  status.pending();
  check.later();
}
