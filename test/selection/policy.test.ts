import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  parsePolicy,
  policyNumberLimits,
  policyWith,
  selectionExperiments,
  selectionInputDefaults,
  selectionInputFields,
  selectionStages,
  type Policy,
  type PolicyNumberField
} from "../../lib/selection/index.js";
import {checkFieldValue} from "../../lib/lesson-inputs/fields.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";

function problemsOf(input: unknown) {
  const parsed = parsePolicy(input);
  if (parsed.ok) throw new Error("expected the policy to be refused");
  return parsed.problems;
}

describe("parsePolicy", () => {
  it("accepts the default policy unchanged", () => {
    expect(parsePolicy(defaultPolicy)).toEqual({ok: true, policy: defaultPolicy});
  });

  it("refuses input that is not an object", () => {
    expect(problemsOf("tenant=northwind")).toEqual([{field: "", message: "must be an object"}]);
  });

  it("names a missing field and what it accepts", () => {
    const {tenant: _omitted, ...rest} = defaultPolicy;
    expect(problemsOf(rest)).toEqual([{field: "/tenant", message: "is required; it must be a non-empty tenant name"}]);
  });

  it("names the field, the range and the value for a number out of range", () => {
    expect(problemsOf({...defaultPolicy, costBudgetCents: -3})).toEqual([
      {field: "/costBudgetCents", message: "must be a whole number from 0 to 100 (cents per call); got -3"}
    ]);
    expect(problemsOf({...defaultPolicy, latencyWeight: 11})).toEqual([
      {field: "/latencyWeight", message: "must be a number from 0 to 10 (relative weight); got 11"}
    ]);
  });

  it("requires whole numbers where the unit is countable", () => {
    expect(problemsOf({...defaultPolicy, minimumObservations: 2.5})[0]).toEqual({
      field: "/minimumObservations",
      message: "must be a whole number from 0 to 10000 (observations); got 2.5"
    });
    expect(parsePolicy({...defaultPolicy, observedSuccessWeight: 2.5}).ok).toBe(true);
  });

  it("refuses text where a number or flag belongs, and NaN", () => {
    expect(problemsOf({...defaultPolicy, metadataTtlSeconds: "3600"})[0]?.field).toBe("/metadataTtlSeconds");
    expect(problemsOf({...defaultPolicy, metadataTtlSeconds: Number.NaN})[0]?.field).toBe("/metadataTtlSeconds");
    expect(problemsOf({...defaultPolicy, requireStreaming: "yes"})).toEqual([
      {field: "/requireStreaming", message: 'must be true or false; got "yes"'}
    ]);
  });

  it("refuses an output format that is not type/subtype", () => {
    expect(problemsOf({...defaultPolicy, outputMode: "markdown"})[0]).toEqual({
      field: "/outputMode",
      message: 'must be a MIME type such as "text/markdown" (type/subtype, no parameters); got "markdown"'
    });
  });

  it("refuses fields it does not know, so a typo is not silently ignored", () => {
    expect(problemsOf({...defaultPolicy, minimumObservation: 5})).toEqual([
      {field: "/minimumObservation", message: "is not a recognised field; remove it"}
    ]);
  });

  it("reports every problem at once", () => {
    expect(
      problemsOf({...defaultPolicy, tenant: "", costBudgetCents: 101, requireCuratorApproval: null})
        .map((problem) => problem.field)
        .sort()
    ).toEqual(["/costBudgetCents", "/requireCuratorApproval", "/tenant"]);
  });

  it("validates overrides on top of the default policy", () => {
    expect(policyWith({minimumObservations: 50})).toEqual({
      ok: true,
      policy: {...defaultPolicy, minimumObservations: 50}
    });
    expect(policyWith({minimumObservations: -1}).ok).toBe(false);
  });
});

describe("policy field table", () => {
  const row = (name: string) => selectionInputFields.find((candidate) => candidate.name === name)!;

  it("has one row per policy field, in gate order, ranking weights last", () => {
    expect(selectionInputFields.map((field) => field.name)).toEqual(Object.keys(defaultPolicy));
    expect(selectionInputFields.slice(-3).map((field) => field.group)).toEqual(Array(3).fill("Ranking and contract"));
  });

  it("gives number rows the limits the schema enforces: min and max accepted, one step beyond refused, halves only where not whole", () => {
    for (const field of selectionInputFields) {
      if (field.kind !== "number") continue;
      const name = field.name as PolicyNumberField;
      expect({min: field.min, max: field.max, step: field.step, whole: field.whole, unit: field.unit}).toEqual(
        policyNumberLimits[name]
      );
      expect(parsePolicy({...defaultPolicy, [name]: field.min}).ok).toBe(true);
      expect(parsePolicy({...defaultPolicy, [name]: field.max}).ok).toBe(true);
      expect(parsePolicy({...defaultPolicy, [name]: field.min - field.step}).ok).toBe(false);
      expect(parsePolicy({...defaultPolicy, [name]: field.max + field.step}).ok).toBe(false);
      expect(parsePolicy({...defaultPolicy, [name]: field.min + 0.5}).ok).toBe(field.whole !== true);
      expect(checkFieldValue(field, field.min + 0.5) === null).toBe(field.whole !== true);
      expect(defaultPolicy[name]).toBeGreaterThanOrEqual(field.min);
      expect(defaultPolicy[name]).toBeLessThanOrEqual(field.max);
    }
  });

  it("offers choices read from the registry, including every value the fixture and selectionExperiments use", () => {
    const options = (name: string) => {
      const field = row(name);
      return field.kind === "choice" ? field.options.map((option) => option.value) : [];
    };
    expect(options("tenant")).toEqual(["contoso", "northwind"]);
    expect(options("requiredSkillId")).toEqual(["extract-tables", "summarize-document", "translate-text"]);
    expect(options("outputMode")).toEqual(["application/pdf", "text/html", "text/markdown", "text/plain"]);
    for (const experiment of selectionExperiments) {
      for (const [name, value] of Object.entries(experiment.overrides))
        expect([experiment.id, name, checkFieldValue(row(name), value)]).toEqual([experiment.id, name, null]);
    }
  });

  it("labels every row, and groups it under the stage it changes", () => {
    const titles = selectionStages.map((stage) => stage.title);
    for (const field of selectionInputFields) {
      expect(field.label.length).toBeGreaterThan(0);
      expect(field.help?.length).toBeGreaterThan(0);
      expect(titles).toContain(field.group);
    }
    expect(row("requireCuratorApproval").help).toContain("not verified identity");
  });
});

describe("shared lesson inputs and permalinks", () => {
  const rows = (field: string) => selectionInputFields.find((candidate) => candidate.name === field);
  const choices = (field: string) => {
    const row = rows(field);
    return row?.kind === "choice" ? row.options.map((option) => option.value) : [];
  };
  const policyArbitrary: fc.Arbitrary<Policy> = fc.record({
    tenant: fc.constantFrom(...choices("tenant")),
    requiredSkillId: fc.constantFrom(...choices("requiredSkillId")),
    outputMode: fc.constantFrom(...choices("outputMode")),
    requireStreaming: fc.boolean(),
    requireCuratorApproval: fc.boolean(),
    metadataTtlSeconds: fc.integer({min: 0, max: 604_800}),
    additionalElapsedSeconds: fc.integer({min: 0, max: 604_800}),
    costBudgetCents: fc.integer({min: 0, max: 100}),
    minimumObservations: fc.integer({min: 0, max: 10_000}),
    latencyWeight: fc.constantFrom(0, 0.5, 1, 2.5, 10),
    costWeight: fc.constantFrom(0, 0.5, 1, 9.5),
    observedSuccessWeight: fc.constantFrom(0, 1, 2, 7.5),
    version: fc.constantFrom(...(choices("version") as Policy["version"][]))
  });

  it("describe every policy field, grouped by lesson stage, with the policy's limits", () => {
    expect(selectionInputFields.map((field) => field.name)).toEqual(Object.keys(defaultPolicy));
    expect(selectionInputDefaults).toEqual(defaultPolicy);
    expect(rows("tenant")?.group).toBe("Tenant");
    expect(rows("minimumObservations")).toMatchObject({
      kind: "number",
      group: "Cost and observations",
      min: 0,
      max: 10_000,
      step: 1
    });
    expect(rows("requireStreaming")).toMatchObject({kind: "boolean", group: "Capability match"});
  });

  it("write nothing for the default policy", () => {
    expect(writePermalink(selectionInputDefaults, selectionInputFields, selectionInputDefaults)).toBe("");
  });

  it("round-trip any policy the controls can produce, through the shared reader and parsePolicy", () => {
    fc.assert(
      fc.property(policyArbitrary, (policy) => {
        const search = writePermalink(policy, selectionInputFields, selectionInputDefaults);
        const reading = readPermalink(search, selectionInputFields, selectionInputDefaults);
        expect(reading.notices).toEqual([]);
        expect(parsePolicy(reading.values)).toEqual({ok: true, policy});
      }),
      {numRuns: 300}
    );
  });

  it("fall back to the default for a bad parameter, naming it", () => {
    const reading = readPermalink(
      "?costBudgetCents=ten&tenant=northwind",
      selectionInputFields,
      selectionInputDefaults
    );
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["costBudgetCents"]);
    expect(reading.values.costBudgetCents).toBe(defaultPolicy.costBudgetCents);
  });

  it("refuse a count that is not a whole number in the link itself, naming the field", () => {
    // 2.5 observations is in range but not a count: the row's whole flag refuses it where the link is read.
    const reading = readPermalink("?minimumObservations=2.5", selectionInputFields, selectionInputDefaults);
    expect(reading.values).toEqual(selectionInputDefaults);
    expect(reading.notices).toEqual([
      {
        parameter: "minimumObservations",
        value: "2.5",
        problem: "must be a whole number from 0 to 10000 observations; using the default (20)"
      }
    ]);
  });
});
