/**
 * The browser state components read and write, in one module: the page's address (its query
 * holds a lesson's inputs, the pinned run and the tour's step and deck) and the browser's storage
 * (the course's progress, kept across reloads and lessons). Components take them from here, as lib
 * takes its I/O from its caller, so no component reaches for `location`, `history` or `localStorage` itself.
 */

/** The address's query, "?a=1" or "". */
export function addressSearch(): string {
  return location.search;
}

/** The whole address, to copy. */
export function addressHref(): string {
  return location.href;
}

/** The page's last path segment without ".html": a lesson's slug ("push-delivery"). */
export function addressLessonSlug(): string {
  return (
    location.pathname
      .split("/")
      .filter(Boolean)
      .pop()
      ?.replace(/\.html$/, "") ?? ""
  );
}

/** Writes `search` as the address's query in place (no history entry), keeping its path and hash. */
export function replaceAddressSearch(search: string): void {
  history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
}

/** What keptStorage holds where the browser refuses storage: kept for the page, and forgotten with the rest. */
const keptInMemory = new Map<string, string>();

/**
 * localStorage for one key: kept by the browser across reloads, tabs and lessons (the course's
 * progress), or memory when the browser refuses storage.
 */
export function keptStorage(key: string): {read(): string | null; write(text: string): void} {
  return {
    read() {
      try {
        return localStorage.getItem(key);
      } catch {
        return keptInMemory.get(key) ?? null;
      }
    },
    write(text: string) {
      keptInMemory.set(key, text);
      try {
        localStorage.setItem(key, text);
      } catch {
        // Memory keeps it for this page.
      }
    }
  };
}

/** Removes every key starting with `prefix` that keptStorage holds; returns how many keys it removed. */
export function forgetKeptStorage(prefix: string): number {
  const removed = new Set([...keptInMemory.keys()].filter((key) => key.startsWith(prefix)));
  for (const key of removed) keptInMemory.delete(key);
  try {
    const stored = Array.from({length: localStorage.length}, (_, index) => localStorage.key(index)).filter(
      (key): key is string => key !== null && key.startsWith(prefix)
    );
    for (const key of stored) {
      localStorage.removeItem(key);
      removed.add(key);
    }
  } catch {
    // Storage is refused: memory was all there was.
  }
  return removed.size;
}
