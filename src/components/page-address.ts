/**
 * The browser state components read and write, in one module: the page's address (its query
 * holds a lesson's inputs, the pinned run and the tour's step) and the tab's storage (the tour's
 * answers) or the browser's storage (the course's progress, kept across reloads and lessons).
 * Components take them from here, as lib takes its I/O from its caller, so no component reaches
 * for `location`, `history`, `sessionStorage` or `localStorage` itself.
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

/** What keptStorage holds where the browser refuses storage: kept for the page, and forgotten with the rest. */
const keptInMemory = new Map<string, string>();

/**
 * localStorage for one key: kept by the browser across reloads, tabs and lessons (the course's
 * progress), or memory when the browser refuses storage. A key it does not hold yet is read from the
 * tab's sessionStorage, where the course kept predictions before, and the first write moves it.
 */
export function keptStorage(key: string): {read(): string | null; write(text: string): void} {
  return {
    read() {
      try {
        return localStorage.getItem(key) ?? sessionStorage.getItem(key);
      } catch {
        return keptInMemory.get(key) ?? null;
      }
    },
    write(text: string) {
      keptInMemory.set(key, text);
      try {
        localStorage.setItem(key, text);
        sessionStorage.removeItem(key);
      } catch {
        // Memory keeps it for this page.
      }
    }
  };
}

/** Removes every key starting with `prefix` that keptStorage holds (and the tab's older copies); returns how many keys it removed. */
export function forgetKeptStorage(prefix: string): number {
  const removed = new Set<string>();
  for (const key of [...keptInMemory.keys()]) {
    if (!key.startsWith(prefix)) continue;
    keptInMemory.delete(key);
    removed.add(key);
  }
  for (const storage of storages()) {
    const keys = Array.from({length: storage.length}, (_, index) => storage.key(index)).filter((key): key is string => key !== null && key.startsWith(prefix));
    for (const key of keys) {
      storage.removeItem(key);
      removed.add(key);
    }
  }
  return removed.size;
}

function storages(): Storage[] {
  const found: Storage[] = [];
  for (const get of [() => localStorage, () => sessionStorage]) {
    try {
      found.push(get());
    } catch {
      // This storage is refused; memory was cleared above.
    }
  }
  return found;
}
