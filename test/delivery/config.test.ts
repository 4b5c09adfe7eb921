import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {checkFieldValue} from "../../lib/lesson-inputs/fields.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";
import {
  DeliveryConfigError,
  a2aTaskStates,
  baselineDeliveryConfig,
  deliveryConfigFromInputs,
  formatUpdateList,
  deliveryConfigFieldNames,
  deliveryConfigAccepted,
  deliveryInputFieldsByName,
  deliveryInputDefaults,
  deliveryInputFields,
  evenlySpacedUpdates,
  maxAttemptBudget,
  parseDeliveryConfig,
  senderIds,
  simulateDelivery,
  type DeliveryConfig
} from "../../lib/delivery/index.js";
import {partialDeliveryConfig} from "./arbitraries.js";

function problemsOf(input: unknown) {
  const result = parseDeliveryConfig(input);
  if (result.ok) throw new Error("expected problems");
  return result.problems;
}

describe("baseline config", () => {
  it("has the documented baseline values", () => {
    expect(baselineDeliveryConfig).toMatchObject({
      callbackUrl: "https://receiver.example/hook",
      agentAdvertisesPush: true,
      credential: "matched",
      payloadNamesExpectedTask: true,
      responseDelaySeconds: 1,
      senderTimeoutSeconds: 3,
      receiverUnavailableUntilSeconds: 0,
      maxAttemptsPerUpdate: 4,
      initialBackoffSeconds: 2,
      loseFirstSuccessfulAck: true,
      ignoreSeenEventIds: true,
      ignoreOlderSequence: true,
      deleteConfigAtSeconds: null
    });
  });

  it("is accepted by its own validator", () => {
    expect(parseDeliveryConfig(baselineDeliveryConfig)).toEqual({ok: true, config: baselineDeliveryConfig});
  });
});

describe("parseDeliveryConfig", () => {
  it("merges a partial config over the baseline", () => {
    const result = parseDeliveryConfig({senderTimeoutSeconds: 7});
    expect(result.ok && result.config).toEqual({...baselineDeliveryConfig, senderTimeoutSeconds: 7});
  });

  it("refuses a non-object with a message listing the accepted fields", () => {
    const [problem] = problemsOf("timeout=3");
    expect(problem?.field).toBe("(config)");
    expect(problem?.message).toContain("senderTimeoutSeconds");
  });

  it("names an unknown field and the accepted fields", () => {
    const [problem] = problemsOf({senderTimeout: 3});
    expect(problem?.field).toBe("senderTimeout");
    expect(problem?.message).toMatch(
      /senderTimeout is not a delivery config field; accepted fields: .*senderTimeoutSeconds/
    );
  });

  it("names the field, the rule and what is accepted for an out-of-range number", () => {
    const [problem] = problemsOf({senderTimeoutSeconds: 601});
    expect(problem?.field).toBe("senderTimeoutSeconds");
    expect(problem?.message).toBe(
      "senderTimeoutSeconds must be at most 600 (got 601); accepted: a number from 0 to 600 s."
    );
  });

  it.each([
    [{maxAttemptsPerUpdate: 0}, "maxAttemptsPerUpdate", /must be at least 1/],
    [{maxAttemptsPerUpdate: 21}, "maxAttemptsPerUpdate", /must be at most 20/],
    [{maxAttemptsPerUpdate: 2.5}, "maxAttemptsPerUpdate", /whole number/],
    [{responseDelaySeconds: -1}, "responseDelaySeconds", /at least 0/],
    [{responseDelaySeconds: Number.NaN}, "responseDelaySeconds", /finite number.*got NaN/],
    [{initialBackoffSeconds: Number.POSITIVE_INFINITY}, "initialBackoffSeconds", /finite number/],
    [{credential: "stolen"}, "credential", /one of "matched", "wrong", "missing"/],
    [{ignoreSeenEventIds: "yes"}, "ignoreSeenEventIds", /must be a boolean.*accepted: true or false/],
    [
      {deleteConfigAtSeconds: "soon"},
      "deleteConfigAtSeconds",
      /accepted: a number from 0 to 3600 s, or null \(never deleted\)/
    ],
    [{callbackUrl: "x".repeat(3000)}, "callbackUrl", /at most 2048 characters/],
    [{updates: "four"}, "updates", /must be a list/],
    [
      {updates: [{atSeconds: 1, eventId: "", sequence: 1, taskState: "working"}]},
      "updates[0].eventId",
      /at least 1 characters/
    ],
    [
      {updates: [{atSeconds: 1, eventId: "a", sequence: -1, taskState: "working"}]},
      "updates[0].sequence",
      /at least 0.*whole number/
    ],
    [{updates: [{atSeconds: 1, eventId: "a", sequence: 1, taskState: "done"}]}, "updates[0].taskState", /"completed"/],
    [
      {updates: [{atSeconds: 1, eventId: "a", sequence: 1, taskState: "working", extra: 1}]},
      "updates[0].extra",
      /not an update field/
    ]
  ] as const)("%j is refused at %s", (input, field, message) => {
    const problems = problemsOf(input);
    expect(problems.map((problem) => problem.field)).toContain(field);
    expect(problems.find((problem) => problem.field === field)?.message).toMatch(message);
  });

  it("refuses more updates x attempts than the attempt budget", () => {
    const updates = evenlySpacedUpdates(maxAttemptBudget / 20 + 1);
    const [problem] = problemsOf({updates, maxAttemptsPerUpdate: 20});
    expect(problem?.field).toBe("updates");
    expect(problem?.message).toContain(
      `maxAttemptsPerUpdate is 20, so a run could send ${(maxAttemptBudget / 20 + 1) * 20} attempts; the rule is updates x attempts per update at most ${maxAttemptBudget}`
    );
    expect(parseDeliveryConfig({updates, maxAttemptsPerUpdate: 19}).ok).toBe(true);
  });

  it("counts a preset sender's own attempts against the budget, not the slider's", () => {
    // Convoy makes up to 10 attempts, a2a-js one: the slider's 20 does not apply to either.
    const updates = evenlySpacedUpdates(maxAttemptBudget / 10 + 1);
    expect(problemsOf({updates, sender: "convoy", maxAttemptsPerUpdate: 1})[0]?.message).toContain(
      "Convoy, exponential strategy makes up to 10 attempts per update"
    );
    expect(parseDeliveryConfig({updates: evenlySpacedUpdates(maxAttemptBudget / 10), sender: "convoy"}).ok).toBe(true);
    expect(
      parseDeliveryConfig({updates: evenlySpacedUpdates(100_000), sender: "a2a-js", maxAttemptsPerUpdate: 20}).ok
    ).toBe(true);
  });

  it("accepts up to 100,000 updates when the attempt budget allows, and no more", () => {
    expect(parseDeliveryConfig({updates: evenlySpacedUpdates(100_000), maxAttemptsPerUpdate: 2}).ok).toBe(true);
    const problems = problemsOf({updates: evenlySpacedUpdates(100_001), maxAttemptsPerUpdate: 1});
    expect(problems[0]).toMatchObject({field: "updates"});
    expect(problems[0]?.message).toMatch(/must have at most 100000 items/);
  });

  it("gives each problem's place as a JSON pointer", () => {
    expect(problemsOf({updates: [{atSeconds: 1, eventId: "a", sequence: 1.5, taskState: "working"}]})[0]).toMatchObject(
      {
        field: "updates[0].sequence",
        pointer: "/updates/0/sequence"
      }
    );
    expect(problemsOf({"a/b~c": 1})[0]?.pointer).toBe("/a~1b~0c");
    expect(problemsOf(null)[0]?.pointer).toBe("");
  });

  it("reports every problem, not just the first", () => {
    expect(
      problemsOf({senderTimeoutSeconds: -1, credential: "x"})
        .map((problem) => problem.field)
        .sort()
    ).toEqual(["credential", "senderTimeoutSeconds"]);
  });

  it("never throws on arbitrary input", () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = parseDeliveryConfig(input);
        if (!result.ok) expect(result.problems.length).toBeGreaterThan(0);
      }),
      {numRuns: 500}
    );
  });
});

describe("simulateDelivery validation", () => {
  it("throws DeliveryConfigError naming the field for a typed but out-of-range value", () => {
    expect(() => simulateDelivery({maxAttemptsPerUpdate: 1_000_000})).toThrow(DeliveryConfigError);
    try {
      simulateDelivery({maxAttemptsPerUpdate: 1_000_000});
    } catch (error) {
      expect((error as DeliveryConfigError).problems[0]?.field).toBe("maxAttemptsPerUpdate");
    }
  });

  it("ignores fields set to undefined", () => {
    expect(simulateDelivery({senderTimeoutSeconds: undefined}).config).toEqual(baselineDeliveryConfig);
  });

  it("refuses unknown fields from untyped callers", () => {
    expect(() => simulateDelivery({timeout: 3} as unknown as Partial<DeliveryConfig>)).toThrow(
      /timeout is not a delivery config field/
    );
  });

  it.each([
    ["refuses an unknown key set to undefined", {x: undefined}, false],
    [
      "refuses an unknown key set to undefined beside a valid field",
      {timeout: undefined, senderTimeoutSeconds: 3},
      false
    ],
    ["accepts {__proto__: undefined}: in a literal it sets the prototype, it is no key", {__proto__: undefined}, true],
    ['refuses an own "__proto__" key, as JSON.parse makes it', JSON.parse('{"__proto__": 1}'), false],
    [
      "accepts known fields set to undefined, leaving them at the baseline",
      {senderTimeoutSeconds: undefined, updates: undefined, deleteConfigAtSeconds: undefined},
      true
    ],
    ["accepts deleteConfigAtSeconds null", {deleteConfigAtSeconds: null}, true],
    ["refuses a list", [], false],
    ["refuses null", null, false]
  ] as [string, unknown, boolean][])("simulateDelivery agrees with parseDeliveryConfig: %s", (_, input, accepted) => {
    expect(parseDeliveryConfig(input).ok).toBe(accepted);
    const run = () => simulateDelivery(input as Partial<DeliveryConfig>);
    if (accepted) {
      const defined = Object.entries(input as object).filter(([, value]) => value !== undefined);
      expect(run().config).toEqual({...baselineDeliveryConfig, ...Object.fromEntries(defined)});
    } else {
      expect(run).toThrow(DeliveryConfigError);
    }
  });

  it("throws DeliveryConfigError exactly when parseDeliveryConfig refuses, with the same problems", () => {
    const anyValue = fc.oneof(
      fc.constant(undefined),
      fc.anything(),
      fc.constantFrom(
        -0,
        -1,
        0.5,
        2.5,
        21,
        601,
        3601,
        5e-324,
        Number.NaN,
        Infinity,
        null,
        "",
        "matched",
        "wrong",
        true,
        false,
        [],
        {}
      )
    );
    const someFields = fc.dictionary(fc.constantFrom(...deliveryConfigFieldNames), anyValue, {maxKeys: 3});
    const unknownKeys = fc.dictionary(
      fc
        .oneof(
          fc.string({maxLength: 12}),
          fc.constantFrom("__proto__", "constructor", "toString", "timeout", "SenderTimeoutSeconds")
        )
        .filter((key) => !(deliveryConfigFieldNames as string[]).includes(key)),
      anyValue,
      {minKeys: 1, maxKeys: 2}
    );
    const sometimes = <T extends object>(extra: fc.Arbitrary<T>, weight: number, emptyWeight: number) =>
      fc.oneof({weight, arbitrary: extra}, {weight: emptyWeight, arbitrary: fc.constant({})});
    // Mostly valid configs (from arbitraries.ts), then some fields set to anything, undefined
    // included, then sometimes unknown keys; and now and then not an object at all.
    const partial = fc.oneof(
      {
        weight: 9,
        arbitrary: fc
          .tuple(partialDeliveryConfig, sometimes(someFields, 1, 1), sometimes(unknownKeys, 1, 3))
          .map(([valid, fields, unknown]) => ({...valid, ...fields, ...unknown}))
      },
      // undefined itself is left out: simulateDelivery() is the baseline run by its default.
      {weight: 1, arbitrary: fc.anything().filter((value) => value !== undefined)}
    );
    let accepted = 0;
    fc.assert(
      fc.property(partial, (input) => {
        const verdict = parseDeliveryConfig(input);
        let thrown: unknown = null;
        let config: DeliveryConfig | null = null;
        try {
          config = simulateDelivery(input as Partial<DeliveryConfig>).config;
        } catch (error) {
          thrown = error;
        }
        if (verdict.ok) {
          accepted++;
          expect(thrown).toBeNull();
          expect(config).toEqual(verdict.config);
        } else {
          expect(thrown).toBeInstanceOf(DeliveryConfigError);
          expect((thrown as DeliveryConfigError).problems).toEqual(verdict.problems);
        }
      }),
      {numRuns: 1_000}
    );
    // Both verdicts occur often enough to be compared.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(900);
  });
});

describe("field table", () => {
  it("describes every config field exactly once, with a label and what it accepts", () => {
    expect(deliveryInputFields.map((field) => field.name).sort()).toEqual([...deliveryConfigFieldNames].sort());
    for (const field of deliveryInputFields) {
      expect(field.label.length).toBeGreaterThan(0);
      expect(deliveryConfigAccepted(field.name as keyof DeliveryConfig).length).toBeGreaterThan(0);
    }
  });

  it("its numeric bounds are exactly what the validator accepts", () => {
    for (const field of deliveryInputFields) {
      if (field.kind !== "number") continue;
      const {name, min, max, step, sliderMax} = field;
      expect(parseDeliveryConfig({[name]: min}).ok).toBe(true);
      expect(parseDeliveryConfig({[name]: max}).ok).toBe(true);
      expect(parseDeliveryConfig({[name]: min - step}).ok).toBe(false);
      expect(parseDeliveryConfig({[name]: max + step}).ok).toBe(false);
      expect(parseDeliveryConfig({[name]: min + 0.5}).ok).toBe(field.whole !== true);
      expect(sliderMax === undefined || (sliderMax >= min && sliderMax <= max)).toBe(true);
      // Every quantity has a unit; the jitter seed is a bare number.
      expect(typeof field.unit === "string" || name === "seed").toBe(true);
    }
  });

  it("its choice options are exactly what the validator accepts", () => {
    const credential = deliveryInputFieldsByName.credential;
    if (credential.kind !== "choice") throw new Error("credential is a choice");
    for (const option of credential.options) expect(parseDeliveryConfig({credential: option.value}).ok).toBe(true);
    expect(credential.options.map((option) => option.value)).toEqual(["matched", "wrong", "missing"]);
    const sender = deliveryInputFieldsByName.sender;
    if (sender.kind !== "choice") throw new Error("sender is a choice");
    for (const option of sender.options)
      expect(parseDeliveryConfig({sender: option.value as DeliveryConfig["sender"]}).ok).toBe(true);
    expect(sender.options.map((option) => option.value)).toEqual([...senderIds]);
    expect(parseDeliveryConfig({sender: "a2a-rust" as DeliveryConfig["sender"]}).ok).toBe(false);
  });

  it("its toggles are the boolean fields", () => {
    for (const field of deliveryInputFields) {
      const isBoolean = typeof baselineDeliveryConfig[field.name as keyof DeliveryConfig] === "boolean";
      expect(field.kind === "boolean").toBe(isBoolean);
    }
  });
});

/** Update lists in the page's text form: up to 6 updates, separated by "; " or new lines. */
const updateListArbitrary = fc
  .array(
    fc.record({
      atSeconds: fc.integer({min: 0, max: 2000}).map((half) => half / 2),
      eventId: fc.stringMatching(/^[A-Za-z0-9._:-]{1,12}$/),
      sequence: fc.integer({min: 0, max: 99}),
      taskState: fc.constantFrom(...a2aTaskStates)
    }),
    {maxLength: 6}
  )
  .chain((updates) =>
    fc.constantFrom("; ", "\n").map((separator) => formatUpdateList(updates).replaceAll("; ", separator))
  );

describe("shared control and permalink form", () => {
  it("covers every config field, with the baseline as defaults (the update list as its text)", () => {
    expect(deliveryInputFields.map((field) => field.name).sort()).toEqual([...deliveryConfigFieldNames].sort());
    for (const field of deliveryInputFields) {
      if (field.name === "updates") continue;
      expect(deliveryInputDefaults[field.name]).toBe(baselineDeliveryConfig[field.name as keyof DeliveryConfig]);
    }
    expect(deliveryInputDefaults.updates).toBe(
      "2 evt-1 1 submitted\n12 evt-2 2 working\n22 evt-3 3 input-required\n32 evt-4 4 completed"
    );
    expect(deliveryConfigFromInputs(deliveryInputDefaults)).toEqual({config: baselineDeliveryConfig, problems: []});
  });

  it("accepts a value exactly when the delivery validator does", () => {
    const candidates: unknown[] = [
      -1,
      -0.5,
      0,
      0.5,
      1,
      1.5,
      2.5,
      3,
      4.000001,
      20,
      21,
      600,
      600.5,
      3600,
      3601,
      Number.NaN,
      Infinity,
      -Infinity,
      1e308,
      null,
      true,
      "matched",
      "wrong",
      "nope",
      "https://x",
      "3",
      [],
      {}
    ];
    for (const field of deliveryInputFields) {
      if (field.name === "updates") continue; // text in the panel, a list in the config: see update-list.test.ts
      for (const value of candidates) {
        const shared = checkFieldValue(field, value) === null;
        const delivery = parseDeliveryConfig({[field.name]: value}).ok;
        expect([field.name, value, shared]).toEqual([field.name, value, delivery]);
      }
    }
  });

  it("round-trips any valid set of inputs through the shared permalink code", () => {
    const inputs = fc.record({
      callbackUrl: fc.constantFrom("https://receiver.example/hook", "https://localhost/hook", "http://x y"),
      agentAdvertisesPush: fc.boolean(),
      credential: fc.constantFrom("matched", "wrong", "missing"),
      payloadNamesExpectedTask: fc.boolean(),
      responseDelaySeconds: fc.integer({min: 0, max: 1200}).map((half) => half / 2),
      senderTimeoutSeconds: fc.integer({min: 0, max: 600}),
      receiverUnavailableUntilSeconds: fc.integer({min: 0, max: 3600}),
      maxAttemptsPerUpdate: fc.integer({min: 1, max: 20}),
      initialBackoffSeconds: fc.integer({min: 0, max: 1200}).map((half) => half / 2),
      loseFirstSuccessfulAck: fc.boolean(),
      ignoreSeenEventIds: fc.boolean(),
      ignoreOlderSequence: fc.boolean(),
      deleteConfigAtSeconds: fc.option(fc.integer({min: 0, max: 3600}), {nil: null}),
      updates: updateListArbitrary,
      sender: fc.constantFrom(...senderIds),
      seed: fc.integer({min: 0, max: 4_294_967_295}),
      version: fc.constantFrom("0.3", "1.0")
    });
    fc.assert(
      fc.property(inputs, (values) => {
        const search = writePermalink(values, deliveryInputFields, deliveryInputDefaults);
        const reading = readPermalink(search, deliveryInputFields, deliveryInputDefaults);
        expect(reading).toEqual({values, notices: []});
        // What the link restores is a valid delivery config, update list included.
        const {config, problems} = deliveryConfigFromInputs(reading.values);
        expect(problems).toEqual([]);
        expect(parseDeliveryConfig(config).ok).toBe(true);
      }),
      {numRuns: 300}
    );
  });

  it("reports a bad link value by field and keeps the baseline for it", () => {
    const reading = readPermalink(
      "?ignoreSeenEventIds=no&senderTimeoutSeconds=601",
      deliveryInputFields,
      deliveryInputDefaults
    );
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["ignoreSeenEventIds", "senderTimeoutSeconds"]);
    expect(reading.values).toEqual(deliveryInputDefaults);
  });

  it("labels every credential option for readers", () => {
    const credential = deliveryInputFields.find((field) => field.name === "credential");
    expect(credential?.kind === "choice" && credential.options.map((option) => option.value)).toEqual([
      "matched",
      "wrong",
      "missing"
    ]);
    if (credential?.kind === "choice")
      for (const option of credential.options) expect(option.label).not.toBe(option.value);
  });
});
