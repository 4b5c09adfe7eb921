// @vitest-environment jsdom
/**
 * The view contract (runtime/view-slot.ts): a live place draws `view(...arguments)`, and the arguments are
 * the dependencies. Drawn again from equal arguments it does no work; from changed ones, or with a
 * new view (a page cell's closure over values that changed), it draws again.
 */
import {describe, expect, it, vi} from "vitest";
import {sameArguments} from "../../lib/shared/remembered.js";
import {ViewSlot} from "../../src/components/runtime/view-slot.js";

const paragraph = (text: string, options: {width: number}) =>
  Object.assign(document.createElement("p"), {textContent: `${text} at ${options.width}`});

describe("ViewSlot.draw", () => {
  it("does no work when drawn again from equal arguments, an options literal written anew included", () => {
    const place = ViewSlot();
    const view = vi.fn(paragraph);
    const run = {attempts: [1, 2]};
    place.draw(view, "run", {width: 640});
    place.draw(view, "run", {width: 640});
    expect(view).toHaveBeenCalledTimes(1);
    place.draw(view, "run", {width: 390});
    expect(view).toHaveBeenCalledTimes(2);
    expect(place.textContent).toBe("run at 390");
    const chart = vi.fn((drawn: typeof run) =>
      Object.assign(document.createElement("p"), {textContent: String(drawn.attempts.length)})
    );
    place.draw(chart, run);
    // A result rebuilt with the same members (lib's memoised parts) is the same drawing.
    place.draw(chart, {attempts: run.attempts});
    expect(chart).toHaveBeenCalledTimes(1);
    place.draw(chart, {attempts: [1, 2, 3]});
    expect(chart).toHaveBeenCalledTimes(2);
    expect(place.textContent).toBe("3");
  });

  it("draws again with a new view, so a closure over a changed value is never stale", () => {
    const place = ViewSlot();
    const viewFor = (suffix: string) => (text: string) =>
      Object.assign(document.createElement("p"), {textContent: text + suffix});
    place.draw(viewFor("!"), "run");
    place.draw(viewFor("?"), "run");
    expect(place.textContent).toBe("run?");
  });
});

describe("sameArguments", () => {
  it("compares by identity, and plain objects and arrays by their members two levels deep", () => {
    const shared = new Map();
    expect(sameArguments([1, "a", shared], [1, "a", shared])).toBe(true);
    expect(sameArguments([new Map()], [new Map()])).toBe(false);
    expect(sameArguments([{a: {b: shared}}], [{a: {b: shared}}])).toBe(true);
    expect(sameArguments([{a: {b: {c: 1}}}], [{a: {b: {c: 1}}}])).toBe(false);
    expect(sameArguments([[1, 2]], [[1, 2, 3]])).toBe(false);
    expect(sameArguments([{a: undefined}], [{b: undefined}])).toBe(false);
    expect(sameArguments([[]], [{}])).toBe(false);
    expect(sameArguments([NaN], [NaN])).toBe(true);
  });
});
