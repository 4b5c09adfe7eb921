import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {EventQueue} from "../../lib/shared/event-queue.js";

describe("EventQueue", () => {
  it("pops items in the comparator's order, whatever the push order (interleaved pushes and pops)", () => {
    type Item = {time: number; id: number};
    const before = (a: Item, b: Item) => a.time < b.time || (a.time === b.time && a.id < b.id);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({min: 0, max: 20}), fc.boolean()), {maxLength: 200}), (operations) => {
        const queue = new EventQueue<Item>(before);
        const model: Item[] = [];
        const popped: Item[] = [];
        const expected: Item[] = [];
        operations.forEach(([time, popAfter], id) => {
          queue.push({time, id});
          model.push({time, id});
          if (popAfter) {
            model.sort((a, b) => a.time - b.time || a.id - b.id);
            expected.push(model.shift()!);
            popped.push(queue.pop()!);
          }
        });
        expect(popped).toEqual(expected);
        expect(queue.size).toBe(model.length);
      }),
      {numRuns: 500}
    );
  });

  it("returns undefined when empty", () => {
    expect(new EventQueue<number>((a, b) => a < b).pop()).toBeUndefined();
  });
});
