import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  a2aTaskStates,
  baselineUpdates,
  deliveryConfigFromInputs,
  deliveryInputDefaults,
  evenlySpacedUpdates,
  formatUpdateList,
  maxEventIdLength,
  maxSequence,
  maxUpdateAtSeconds,
  maxUpdateListLength,
  parseDeliveryConfig,
  parseUpdateList,
  simulateDelivery,
  taskUpdateSchema
} from "../../lib/delivery/index.js";

function refusal(text: string): string {
  const result = parseUpdateList(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  return result.message;
}

/**
 * Update lists the config schema accepts and the text form can carry: event ids without white
 * space or ";" (the separators; the schema itself allows them, see the report in update-list.ts),
 * times anywhere in [0, maxUpdateAtSeconds] (subnormal, tiny, huge and the bound itself).
 */
const edgeTimes = [
  0,
  Number.MIN_VALUE, // 5e-324, the smallest subnormal
  2.225073858507201e-308, // the largest subnormal
  2.2250738585072014e-308, // the smallest normal
  1e-7,
  // biome-ignore lint/correctness/noPrecisionLoss: the literal is the time String() writes, as written
  9.999999999999999e-7, // the largest time String() still writes with an exponent
  1e-6,
  0.1 + 0.2,
  123456.789,
  maxUpdateAtSeconds - 2 ** -29, // one step below the bound (the spacing of doubles near 1e7)
  maxUpdateAtSeconds
];
const schemaTime = fc.oneof(
  fc.double({min: 0, max: maxUpdateAtSeconds, noNaN: true}),
  fc.double({min: 0, max: 2.2250738585072014e-308, noNaN: true}),
  fc.double({min: 0, max: 1e-6, noNaN: true}),
  fc.integer({min: 0, max: maxUpdateAtSeconds}),
  fc.constantFrom(...edgeTimes)
);
// Any id at all: the schema itself (taskUpdateSchema, below) decides which ids a list may hold.
const anyEventId = fc.oneof(
  {weight: 8, arbitrary: fc.stringMatching(/^[^\s;]{1,12}$/)},
  {weight: 2, arbitrary: fc.string({unit: "binary", minLength: 1, maxLength: 60})},
  {weight: 1, arbitrary: fc.constant("x".repeat(maxEventIdLength))}
);
const schemaUpdate = fc
  .record({
    atSeconds: schemaTime,
    eventId: anyEventId,
    sequence: fc.oneof(fc.integer({min: 0, max: maxSequence}), fc.constantFrom(0, maxSequence)),
    taskState: fc.constantFrom(...a2aTaskStates)
  })
  .filter((update) => taskUpdateSchema.safeParse(update).success);

describe("the update list as text (the page's Emitted updates control)", () => {
  it("reads back what it writes, for any list the config schema accepts, with either separator", () => {
    fc.assert(
      fc.property(fc.array(schemaUpdate, {maxLength: 8}), fc.constantFrom("; ", "\n"), (updates, separator) => {
        expect(parseDeliveryConfig({updates}).ok).toBe(true);
        const text = formatUpdateList(updates, separator);
        // The control's length limit, not the time format, is what a long list runs into.
        fc.pre(text.length <= maxUpdateListLength);
        expect(parseUpdateList(text)).toEqual({ok: true, updates});
      }),
      {numRuns: 1_000}
    );
  });

  it.each(edgeTimes)("writes the time %d so that it reads back exactly", (atSeconds) => {
    const updates = [{atSeconds, eventId: "a", sequence: 1, taskState: "working" as const}];
    const text = formatUpdateList(updates);
    expect(text.length).toBeLessThan(40);
    const parsed = parseUpdateList(text);
    expect(parsed.ok && Object.is(parsed.updates[0]?.atSeconds, atSeconds)).toBe(true);
  });

  it("writes tiny times with an exponent and every other time as a plain decimal", () => {
    const at = (atSeconds: number) => formatUpdateList([{atSeconds, eventId: "a", sequence: 1, taskState: "working"}]);
    expect(at(1e-7)).toBe("1e-7 a 1 working");
    expect(at(Number.MIN_VALUE)).toBe("5e-324 a 1 working");
    expect(at(0.000001)).toBe("0.000001 a 1 working");
    expect(at(maxUpdateAtSeconds)).toBe("10000000 a 1 working");
    expect(parseUpdateList("1e3 a 1 working; 2.5E-3 b 2 working")).toEqual({
      ok: true,
      updates: [
        {atSeconds: 1000, eventId: "a", sequence: 1, taskState: "working"},
        {atSeconds: 0.0025, eventId: "b", sequence: 2, taskState: "working"}
      ]
    });
  });

  it("writes -0 (which the schema accepts) as 0, the same instant", () => {
    const parsed = parseUpdateList(
      formatUpdateList([{atSeconds: -0, eventId: "a", sequence: -0, taskState: "working"}])
    );
    expect(parsed).toEqual({ok: true, updates: [{atSeconds: 0, eventId: "a", sequence: 0, taskState: "working"}]});
  });

  it("writes the lesson's four updates in one line, and takes new lines, extra spaces and an empty list", () => {
    expect(formatUpdateList(baselineUpdates)).toBe(
      "2 evt-1 1 submitted; 12 evt-2 2 working; 22 evt-3 3 input-required; 32 evt-4 4 completed"
    );
    expect(parseUpdateList("  2   a 1 working \n\n 4 b 2 completed;  ")).toEqual({
      ok: true,
      updates: [
        {atSeconds: 2, eventId: "a", sequence: 1, taskState: "working"},
        {atSeconds: 4, eventId: "b", sequence: 2, taskState: "completed"}
      ]
    });
    expect(parseUpdateList("")).toEqual({ok: true, updates: []});
  });

  it.each([
    [
      "12 evt-2 working",
      /^Update 1 \("12 evt-2 working"\) has 3 parts; write each update as <time s> <event id> <sequence> <task state>/
    ],
    [
      "2 a 1 working; soon b 2 working",
      /^Update 2 \("soon b 2 working"\): the time "soon" must be a number of seconds from 0 to 10000000, e\.g\. 12\.5 or 1e-7\.$/
    ],
    ["-1 a 1 working", /the time "-1" must be a number of seconds/],
    ["1e8 a 1 working", /the time "1e8" must be a number of seconds from 0 to 10000000/],
    ["1e a 1 working", /the time "1e" must be a number of seconds/],
    ["0x10 a 1 working", /the time "0x10" must be a number of seconds/],
    ["Infinity a 1 working", /the time "Infinity" must be a number of seconds/],
    ["2 a 1.5 working", /^Update 1 .*: the sequence "1.5" must be a whole number from 0 to 1000000000\.$/],
    ["2 a 1000000001 working", /the sequence "1000000001" must be a whole number/],
    [
      "2 a 1 done",
      /^Update 1 .*: the task state "done" must be one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required, unknown\.$/
    ],
    [`2 ${"x".repeat(201)} 1 working`, /the event id has 201 characters; accepted: 1 to 200, no spaces or ";"/],
    ["2 a 1 working ".repeat(60), /^The update list has \d+ characters; accepted: at most 600\.$/]
  ])("refuses %j, naming the update, the part, the rule and what is accepted", (text, message) => {
    expect(refusal(text)).toMatch(message);
  });

  it("keeps an over-long entry short in the message", () => {
    expect(refusal(`2 a 1 working; ${"y".repeat(80)}`)).toContain(`("${"y".repeat(37)}...")`);
  });
});

describe("deliveryConfigFromInputs", () => {
  it("turns the text into the config's list, so the run emits the reader's updates", () => {
    const {config, problems} = deliveryConfigFromInputs({
      ...deliveryInputDefaults,
      updates: "5 first 1 working; 5 second 2 completed"
    });
    expect(problems).toEqual([]);
    const run = simulateDelivery(config);
    expect(run.updates.map((update) => update.emittedAtSeconds)).toEqual([5, 5]);
    expect(run.summary.effects).toBe(2);
  });

  it("falls back to the lesson's updates when the text cannot be read, and says so", () => {
    const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, updates: "2 a 1 finished"});
    // The problem's wording belongs to inputs.ts (test/delivery/inputs.test.ts); here: the field and the reason.
    expect(problems.map((problem) => problem.field)).toEqual(["updates"]);
    expect(JSON.stringify(problems)).toContain('the task state \\"finished\\" must be one of submitted, working');
    expect(simulateDelivery(config).updates.map((update) => update.emittedAtSeconds)).toEqual(
      baselineUpdates.map((update) => update.atSeconds)
    );
  });

  it("takes as many updates as the control's length allows, well within the simulator's bounds", () => {
    const many = formatUpdateList(evenlySpacedUpdates(24));
    expect(many.length).toBeLessThanOrEqual(maxUpdateListLength);
    const {config, problems} = deliveryConfigFromInputs({
      ...deliveryInputDefaults,
      updates: many,
      maxAttemptsPerUpdate: 20
    });
    expect(problems).toEqual([]);
    expect(simulateDelivery(config).updates).toHaveLength(24);
  });
});
