/**
 * The one way the project remembers a computation: by the value of what it reads. A remembered
 * function called again with the same arguments (sameArguments) hands back its last result, so
 * nothing lists its dependencies by hand: the arguments are the dependencies. A view place
 * (src/components/runtime/view-slot.ts) draws again by the same rule.
 */

/**
 * Whether two calls' arguments are the same: each pair identical (Object.is), or, for a plain
 * object or array written anew (an options literal, a list of panels), the same members by
 * identity, two levels deep. Deeper than that, or inside lib's results, identity decides.
 */
export function sameArguments(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((value, index) => sameValue(value, b[index], 2));
}

function sameValue(a: unknown, b: unknown, levels: number): boolean {
  if (Object.is(a, b)) return true;
  if (levels === 0 || !isPlain(a) || !isPlain(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const [keysA, keysB] = [Object.keys(a), Object.keys(b)];
  return (
    keysA.length === keysB.length &&
    keysA.every((key) => Object.hasOwn(b, key) && sameValue(a[key], b[key], levels - 1))
  );
}

function isPlain(value: unknown): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === Array.prototype || prototype === null;
}

/** `compute`, remembering its last call: the same arguments again give the same result, not a new one. */
export function remembered<Args extends unknown[], Result>(
  compute: (...args: Args) => Result
): (...args: Args) => Result {
  let last: {args: Args; result: Result} | null = null;
  return (...args) => {
    if (last !== null && sameArguments(last.args, args)) return last.result;
    const made = {args, result: compute(...args)};
    forgetIfRejected(made.result, () => last === made && (last = null));
    last = made;
    return made.result;
  };
}

/**
 * `compute(inputs, ...rest)`, remembering its last call by what it read of `inputs`: each field
 * it reads is recorded as it reads it, and a later call whose recorded fields hold the same
 * values (and whose `rest` are the same arguments) gets the last result. A part of a lesson that
 * reads five of twenty-six inputs is computed again when one of those five changes, and nothing
 * lists the five. A computation reads its inputs before it returns (lib's asynchronous ones build
 * their config before they first await): a read after that throws, since it would not be compared.
 * Only reads are seen: a computation that enumerates its inputs (Object.keys, `in`) is not one to give it.
 */
export function rememberingReads<Inputs extends object, Rest extends unknown[], Result>(
  compute: (inputs: Inputs, ...rest: Rest) => Result
): (inputs: Inputs, ...rest: Rest) => Result {
  let last: {reads: Map<PropertyKey, unknown>; rest: Rest; result: Result} | null = null;
  const readsSame = (reads: Map<PropertyKey, unknown>, inputs: Inputs) =>
    [...reads].every(([key, value]) => Object.is(Reflect.get(inputs, key), value));
  return (inputs, ...rest) => {
    if (last !== null && sameArguments(last.rest, rest) && readsSame(last.reads, inputs)) return last.result;
    const reads = new Map<PropertyKey, unknown>();
    let returned = false;
    const watched = new Proxy(inputs, {
      get(target, key, receiver) {
        // A read after the call returned (after an await) would not be among the reads compared.
        if (returned) throw new Error(`rememberingReads: ${String(key)} was read after the computation returned`);
        const value = Reflect.get(target, key, receiver);
        if (!reads.has(key)) reads.set(key, value);
        return value;
      }
    });
    const made = {reads, rest, result: compute(watched, ...rest)};
    returned = true;
    forgetIfRejected(made.result, () => last === made && (last = null));
    last = made;
    return made.result;
  };
}

/** A failed asynchronous result (a Web Crypto that rejects) is not handed back: the next call computes again. */
function forgetIfRejected(result: unknown, forget: () => unknown): void {
  if (result instanceof Promise) result.catch(() => void forget());
}
