/**
 * Writes the page's link once a run of changes settles. Browsers throttle replaceState, and a
 * dragged slider or a reader typing makes dozens of changes a second: the link needs only the
 * value they settle on. The control panel and the request editor each keep one: `later()` once
 * no change has come for LINK_WRITE_DELAY_MS, `flush()` before the address is copied, `now()`.
 */
import {debounced, type Debounced} from "../runtime/debounced.js";

export const LINK_WRITE_DELAY_MS = 150;

export type LinkWriter = Debounced;

export const LinkWriter = (writeLink: () => void): LinkWriter => debounced(writeLink, LINK_WRITE_DELAY_MS);
