import {describe, expect, it} from "vitest";
import {defaultPolicy, defaultRegistry, policyFromInputs, selectionInputDefaults, selectionInputFields} from "../../lib/selection/index.js";

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
    expect(policyFromInputs({...selectionInputDefaults, observedSuccessWeight: 2.5}).policy.observedSuccessWeight).toBe(2.5);
  });

  it("replaces a value the panel's range check let through with its default, and says why", () => {
    const {policy, problems} = policyFromInputs({...selectionInputDefaults, costBudgetCents: 2.5, minimumObservations: 7});
    expect(policy).toEqual({...defaultPolicy, minimumObservations: 7});
    expect(problems).toEqual([
      {field: "costBudgetCents", message: "must be a whole number from 0 to 100 (cents per call); got 2.5", fallback: defaultPolicy.costBudgetCents}
    ]);
  });

  it("refuses an output format that is not a MIME type", () => {
    const {policy, problems} = policyFromInputs({...selectionInputDefaults, outputMode: "markdown"});
    expect(policy.outputMode).toBe(defaultPolicy.outputMode);
    expect(problems.map((problem) => problem.field)).toEqual(["outputMode"]);
    expect(problems[0]!.message).toContain("MIME type");
  });

  it("drops an unknown field and reports it", () => {
    const {policy, problems} = policyFromInputs({...selectionInputDefaults, colour: "blue"});
    expect(policy).toEqual(defaultPolicy);
    expect(problems).toEqual([{field: "colour", message: "is not a recognised field; remove it", fallback: null}]);
  });
});
