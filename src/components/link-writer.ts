/**
 * Writes the page's link once a run of changes settles. Browsers throttle replaceState, and a
 * dragged slider or a reader typing makes dozens of changes a second: the link needs only the
 * value they settle on. The control panel and the request editor each keep one.
 */

export const LINK_WRITE_DELAY_MS = 150;

export interface LinkWriter {
  /** Writes the link once no change has come for LINK_WRITE_DELAY_MS. */
  schedule(): void;
  /** Writes now if a write is waiting (before the address is copied). */
  flush(): void;
  /** Writes now, dropping any write waiting. */
  write(): void;
}

export function LinkWriter(writeLink: () => void): LinkWriter {
  let timer: ReturnType<typeof setTimeout> | null = null;
  const write = () => {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    writeLink();
  };
  return {
    schedule() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(write, LINK_WRITE_DELAY_MS);
    },
    flush() {
      if (timer !== null) write();
    },
    write
  };
}
