import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  parsePolicy,
  policyFromInputs,
  selectionInputDefaults,
  selectionInputFields
} from "../../lib/selection/index.js";

describe("selectionInputFields", () => {
  it("ends the minimum-observations slider just past the largest record, while the box takes the whole range", () => {
    const field = selectionInputFields.find((candidate) => candidate.name === "minimumObservations");
    expect(field).toMatchObject({kind: "number", max: 10_000, sliderMax: 1_000});
    const largest = Math.max(...defaultRegistry.agents.map((entry) => entry.registryMetadata.observations));
    expect(largest).toBeLessThan(1_000);
  });
});

describe("policyFromInputs", () => {
  it("passes valid panel values through unchanged, with no problems", () => {
    expect(policyFromInputs(selectionInputDefaults)).toEqual({policy: defaultPolicy, problems: []});
    expect(policyFromInputs({...selectionInputDefaults, observedSuccessWeight: 2.5}).policy.observedSuccessWeight).toBe(
      2.5
    );
  });

  it("replaces a value that is not a whole number with its default, and says why", () => {
    const {policy, problems} = policyFromInputs({
      ...selectionInputDefaults,
      costBudgetCents: 2.5,
      minimumObservations: 7
    });
    expect(policy).toEqual({...defaultPolicy, minimumObservations: 7});
    expect(problems).toEqual([
      {
        field: "costBudgetCents",
        label: "Cost budget",
        value: "2.5",
        problem: "must be a whole number from 0 to 100 cents per call",
        fallback: String(defaultPolicy.costBudgetCents)
      }
    ]);
  });

  it("refuses an output format the registry does not offer", () => {
    const {policy, problems} = policyFromInputs({...selectionInputDefaults, outputMode: "markdown"});
    expect(policy.outputMode).toBe(defaultPolicy.outputMode);
    expect(problems.map((problem) => problem.field)).toEqual(["outputMode"]);
    expect(problems[0]!.problem).toContain('"text/markdown"');
  });

  it("drops an unknown field and reports it", () => {
    const {policy, problems} = policyFromInputs({...selectionInputDefaults, colour: "blue"});
    expect(policy).toEqual(defaultPolicy);
    expect(problems.map((problem) => [problem.field, problem.fallback])).toEqual([["colour", "ignored"]]);
  });

  it("always yields a policy parsePolicy accepts, whatever the values", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.constantFrom(...Object.keys(defaultPolicy), "x"),
          fc.oneof(fc.anything(), fc.constantFrom(2.5, -0, Number.NaN, Infinity, 1e308, ""))
        ),
        (values) => {
          const {policy, problems} = policyFromInputs({...selectionInputDefaults, ...values});
          expect(parsePolicy(policy).ok).toBe(true);
          const changed = Object.keys(values).filter(
            (key) => !Object.is(values[key], (selectionInputDefaults as Record<string, unknown>)[key])
          );
          // A field left undefined takes its default.
          const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
          if (problems.length === 0) expect(policy).toEqual({...defaultPolicy, ...given});
          else expect(changed.length).toBeGreaterThan(0);
        }
      ),
      {numRuns: 500}
    );
  });
});
