import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  a2aTaskStates,
  baselineUpdates,
  deliveryConfigFromInputs,
  deliveryInputDefaults,
  evenlySpacedUpdates,
  formatUpdateList,
  maxUpdateListLength,
  parseUpdateList,
  simulateDelivery,
  taskUpdateSchema
} from "../../lib/delivery/index.js";

function refusal(text: string): string {
  const result = parseUpdateList(text);
  if (result.ok) throw new Error(`expected ${JSON.stringify(text)} to be refused`);
  return result.message;
}

describe("the update list as text (the page's Emitted updates control)", () => {
  it("reads back what it writes, for any list of valid updates", () => {
    const update = fc.record({
      atSeconds: fc.integer({min: 0, max: 20_000}).map((tenth) => tenth / 10),
      eventId: fc.stringMatching(/^[^\s;]{1,20}$/),
      sequence: fc.integer({min: 0, max: 1_000_000_000}),
      taskState: fc.constantFrom(...a2aTaskStates)
    });
    fc.assert(
      fc.property(fc.array(update, {maxLength: 8}), (updates) => {
        const parsed = parseUpdateList(formatUpdateList(updates));
        expect(parsed).toEqual({ok: true, updates});
        for (const read of parsed.ok ? parsed.updates : []) expect(taskUpdateSchema.safeParse(read).success).toBe(true);
      }),
      {numRuns: 1_000}
    );
  });

  it("writes the lesson's four updates in one line, and takes new lines, extra spaces and an empty list", () => {
    expect(formatUpdateList(baselineUpdates)).toBe("2 evt-1 1 submitted; 12 evt-2 2 working; 22 evt-3 3 input-required; 32 evt-4 4 completed");
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
    ["12 evt-2 working", /^Update 1 \("12 evt-2 working"\) has 3 parts; write each update as <time s> <event id> <sequence> <task state>/],
    ["2 a 1 working; soon b 2 working", /^Update 2 \("soon b 2 working"\): the time "soon" must be a number of seconds from 0 to 10000000\.$/],
    ["-1 a 1 working", /the time "-1" must be a number of seconds/],
    ["1e3 a 1 working", /the time "1e3" must be a number of seconds/],
    ["2 a 1.5 working", /^Update 1 .*: the sequence "1.5" must be a whole number from 0 to 1000000000\.$/],
    ["2 a 1000000001 working", /the sequence "1000000001" must be a whole number/],
    ["2 a 1 done", /^Update 1 .*: the task state "done" must be one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required, unknown\.$/],
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
    const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, updates: "5 first 1 working; 5 second 2 completed"});
    expect(problems).toEqual([]);
    const run = simulateDelivery(config);
    expect(run.updates.map((update) => update.emittedAtSeconds)).toEqual([5, 5]);
    expect(run.summary.effects).toBe(2);
  });

  it("falls back to the lesson's updates when the text cannot be read, and says so", () => {
    const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, updates: "2 a 1 finished"});
    expect(config.updates).toBeUndefined();
    expect(problems).toEqual([
      {field: "updates", message: 'Emitted updates: Update 1 ("2 a 1 finished"): the task state "finished" must be one of submitted, working, input-required, completed, canceled, failed, rejected, auth-required, unknown. The run uses the 4 baseline updates instead.'}
    ]);
    expect(simulateDelivery(config).updates).toHaveLength(4);
  });

  it("takes as many updates as the control's length allows, well within the simulator's bounds", () => {
    const many = formatUpdateList(evenlySpacedUpdates(24));
    expect(many.length).toBeLessThanOrEqual(maxUpdateListLength);
    const {config, problems} = deliveryConfigFromInputs({...deliveryInputDefaults, updates: many, maxAttemptsPerUpdate: 20});
    expect(problems).toEqual([]);
    expect(simulateDelivery(config).updates).toHaveLength(24);
  });
});
