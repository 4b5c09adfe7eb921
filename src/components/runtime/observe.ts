/**
 * Values a page cell can depend on, as async generators (Framework re-runs the cells that
 * read a generator's cell each time it yields).
 *
 * `inputValue(input)` is Framework's `view()` without the display: an input placed inside another
 * view (a Lab) and still read as the page's value. `widthOf(element)` is Framework's `width`
 * for any element: a chart in a lab's stage is sized to the stage, not to the page.
 */

/** The input's value now and after each of its `input` events. */
export function inputValue<T>(input: EventTarget & {value: T}): AsyncGenerator<T> {
  return inputValues(input, (value): value is T => true);
}

/**
 * The input's values that `accepts`, now and after each `input` event: a cell that reads it
 * waits for the first accepted value (a storm runner's first result) instead of seeing null.
 */
export function inputValues<T, A extends T>(
  input: EventTarget & {value: T},
  accepts: (value: T) => value is A
): AsyncGenerator<A> {
  return observe<A>((push) => {
    const pushAccepted = () => {
      const value = input.value;
      if (accepts(value)) push(value);
    };
    pushAccepted();
    input.addEventListener("input", pushAccepted);
    return () => input.removeEventListener("input", pushAccepted);
  });
}

/** The element's content width in whole pixels, each time it changes (never 0: a hidden element keeps its last width). */
export function widthOf(target: Element): AsyncGenerator<number> {
  return observe<number>((push) => {
    let last = -1;
    const observer = new ResizeObserver(([entry]) => {
      const width = Math.floor(entry!.contentRect.width);
      if (width > 0 && width !== last) push((last = width));
    });
    observer.observe(target);
    return () => observer.disconnect();
  });
}

/** An async generator of what `subscribe` pushes; only the newest value waits to be read. */
function observe<T>(subscribe: (push: (value: T) => void) => () => void): AsyncGenerator<T> {
  let waiting: ((value: T) => void) | null = null;
  let latest: {value: T} | null = null;
  const push = (value: T) => {
    if (waiting) {
      const resolve = waiting;
      waiting = null;
      resolve(value);
    } else latest = {value};
  };
  const unsubscribe = subscribe(push);
  const next = (): Promise<T> => {
    if (latest) {
      const {value} = latest;
      latest = null;
      return Promise.resolve(value);
    }
    return new Promise<T>((resolve) => (waiting = resolve));
  };
  return (async function* () {
    try {
      while (true) yield await next();
    } finally {
      unsubscribe();
    }
  })();
}
