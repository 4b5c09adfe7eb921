import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkInputs} from "../../lib/lesson-inputs/check.js";
import {
  baselineDeliveryConfig,
  deliveryConfigFromInputs,
  deliveryInputDefaults,
  deliveryInputFields,
  simulateDelivery
} from "../../lib/delivery/index.js";

/** Any value a link, a box or a caller could produce, biased towards the edges of the rows. */
const anyValue = fc.oneof(
  fc.anything(),
  fc.constantFrom(
    2.5,
    1.5,
    4.000001,
    -0,
    -1,
    1e308,
    Number.NaN,
    Infinity,
    -Infinity,
    5e-324,
    "",
    "<b>x</b>",
    "\u202e",
    "\0",
    null,
    true,
    "none",
    20,
    21,
    600,
    601
  )
);

describe("deliveryConfigFromInputs", () => {
  it("reports a non-integer attempt budget and runs with the baseline one", () => {
    for (const value of [2.5, 1.5, 4.000001]) {
      const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, maxAttemptsPerUpdate: value});
      expect(config.maxAttemptsPerUpdate).toBe(baselineDeliveryConfig.maxAttemptsPerUpdate);
      expect(problems).toEqual([
        {
          field: "maxAttemptsPerUpdate",
          label: "Attempts per update",
          value: String(value),
          problem: "must be a whole number from 1 to 20 attempts",
          fallback: "4"
        }
      ]);
    }
  });

  it("always yields a config the simulator runs, and reports exactly the refused fields", () => {
    const names = deliveryInputFields.map((field) => field.name);
    const state = fc.dictionary(fc.constantFrom(...names), anyValue, {maxKeys: names.length});
    fc.assert(
      fc.property(state, (values) => {
        const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, ...values});
        expect(() => simulateDelivery(config)).not.toThrow();
        const refusedByRows = checkInputs(
          {...deliveryInputDefaults, ...values},
          deliveryInputFields,
          deliveryInputDefaults
        ).refused.map((refused) => refused.field);
        for (const field of refusedByRows) expect(problems.map((problem) => problem.field)).toContain(field);
        for (const problem of problems) expect(problem.problem.length).toBeGreaterThan(0);
      }),
      {numRuns: 500}
    );
  });

  it("refuses keys that are not inputs, by name", () => {
    const {problems} = deliveryConfigFromInputs({...deliveryInputDefaults, senderTimeout: 3});
    expect(problems.map((problem) => problem.field)).toEqual(["senderTimeout"]);
  });

  it("refuses -0, which no reader means", () => {
    const {config, problems} = deliveryConfigFromInputs({
      ...deliveryInputDefaults,
      receiverUnavailableUntilSeconds: -0
    });
    expect(Object.is(config.receiverUnavailableUntilSeconds, 0)).toBe(true);
    expect(problems.map((problem) => [problem.field, problem.value])).toEqual([
      ["receiverUnavailableUntilSeconds", "-0"]
    ]);
  });
});
