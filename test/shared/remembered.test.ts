/** The one way the project remembers: by the arguments (remembered), or by the fields a computation read (rememberingReads). */
import {describe, expect, it} from "vitest";
import {remembered, rememberingReads} from "../../lib/shared/remembered.js";

describe("remembered", () => {
  it("hands back the last result for the same arguments, literals compared by their members", () => {
    let calls = 0;
    const area = remembered((size: {width: number; height: number}) => ({
      area: size.width * size.height,
      call: ++calls
    }));
    const first = area({width: 2, height: 3});
    expect(area({width: 2, height: 3})).toBe(first);
    expect(area({width: 3, height: 3})).toEqual({area: 9, call: 2});
  });

  it("forgets a rejected promise: the next call computes again", async () => {
    let calls = 0;
    const failing = remembered((_: number) => (++calls, Promise.reject(new Error("no"))));
    await expect(failing(1)).rejects.toThrow("no");
    await expect(failing(1)).rejects.toThrow("no");
    expect(calls).toBe(2);
  });
});

describe("rememberingReads", () => {
  const inputs = {a: 1, b: 2, c: 3};

  it("computes again only when a field it read changed", () => {
    let calls = 0;
    const sum = rememberingReads((values: typeof inputs) => (++calls, values.a + values.b));
    const first = sum(inputs);
    expect(sum({...inputs, c: 30})).toBe(first);
    expect(calls).toBe(1);
    expect(sum({...inputs, b: 20})).toBe(21);
    expect(calls).toBe(2);
  });

  it("compares its other arguments as remembered does", () => {
    const scaled = rememberingReads((values: typeof inputs, by: {factor: number}) => ({value: values.a * by.factor}));
    const first = scaled(inputs, {factor: 2});
    expect(scaled(inputs, {factor: 2})).toBe(first);
    expect(scaled(inputs, {factor: 3})).toEqual({value: 3});
  });

  it("refuses a read after the computation returned, which it could not compare", async () => {
    const late = rememberingReads(async (values: typeof inputs) => {
      await Promise.resolve();
      return values.a;
    });
    await expect(late(inputs)).rejects.toThrow(/a was read after the computation returned/);
  });
});
