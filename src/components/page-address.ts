/**
 * The browser state components read and write, in one module: the page's address (its query
 * holds a lesson's inputs, the pinned run and the tour's step) and the tab's storage (the tour's
 * answers). Components take them from here, as lib takes its I/O from its caller, so no
 * component reaches for `location`, `history` or `sessionStorage` itself.
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
  return location.pathname.split("/").filter(Boolean).pop()?.replace(/\.html$/, "") ?? "";
}

/** Writes `search` as the address's query in place (no history entry), keeping its path and hash. */
export function replaceAddressSearch(search: string): void {
  history.replaceState(history.state, "", `${location.pathname}${search}${location.hash}`);
}

/** sessionStorage for one key, or memory when the browser refuses storage (a private mode, a sandbox). */
export function tabStorage(key: string): {read(): string | null; write(text: string): void} {
  let memory: string | null = null;
  return {
    read() {
      try {
        return sessionStorage.getItem(key);
      } catch {
        return memory;
      }
    },
    write(text: string) {
      memory = text;
      try {
        sessionStorage.setItem(key, text);
      } catch {
        // Memory keeps it for this page.
      }
    }
  };
}
