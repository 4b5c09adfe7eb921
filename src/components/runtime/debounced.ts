/**
 * An action run once a run of calls settles: `later()` (re)starts the wait, `now()` runs it at
 * once, `flush()` runs it now only if a run is waiting, `cancel()` drops the waiting one. The
 * page's link (written once a slider or the typing settles) and the editor's check of a large
 * request (once typing pauses) are both this.
 */
export interface Debounced {
  /** Runs the action once no call to later() has come for the delay. */
  later(): void;
  /** Runs the action now, dropping any run waiting. */
  now(): void;
  /** Runs a waiting run now (nothing if none waits). */
  flush(): void;
  /** Drops a waiting run. */
  cancel(): void;
  /** Whether a run waits. */
  waiting(): boolean;
}

export function debounced(action: () => void, delayMs: number): Debounced {
  let waiting: ReturnType<typeof setTimeout> | null = null;
  const cancel = () => {
    if (waiting !== null) clearTimeout(waiting);
    waiting = null;
  };
  const now = () => {
    cancel();
    action();
  };
  return {
    later() {
      cancel();
      waiting = setTimeout(now, delayMs);
    },
    now,
    flush() {
      if (waiting !== null) now();
    },
    cancel,
    waiting: () => waiting !== null
  };
}
