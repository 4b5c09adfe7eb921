/** The page and a cell's frame read each other's messages through a schema, trusting none as found. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  CELL_CODE_MAX_CHARS,
  CELL_EXPORT_MAX_CHARS,
  frameToPageMessage,
  pageToFrameMessage
} from "../../lib/notebook/index.js";

const accepts = (schema: typeof frameToPageMessage | typeof pageToFrameMessage, message: unknown) =>
  schema.safeParse(message).success;

describe("frameToPageMessage", () => {
  const valid: Record<string, unknown> = {
    ready: {type: "ready"},
    done: {type: "done", runId: 3, outcome: "shown", text: "42", chart: false},
    failed: {type: "done", runId: 0, outcome: "failed", text: "ReferenceError: x is not defined", chart: false},
    height: {type: "height", px: 120.5},
    exported: {type: "exported", requestId: 1, svg: "<svg></svg>", width: 640, height: 400},
    "exported nothing": {type: "exported", requestId: 2, svg: null, width: 1, height: 1}
  };

  it.each(Object.entries(valid))("accepts %s", (_, message) => {
    expect(frameToPageMessage.safeParse(message)).toEqual({success: true, data: message});
  });

  it.each<[string, unknown]>([
    ["a string", "ready"],
    ["null", null],
    ["no type", {runId: 1}],
    ["an unknown type", {type: "run", runId: 1, code: "1", run: null, inputs: {}}],
    ["a type of another case", {type: "Ready"}],
    ["a negative runId", {type: "done", runId: -1, outcome: "shown", text: "", chart: false}],
    ["a fractional runId", {type: "done", runId: 1.5, outcome: "shown", text: "", chart: false}],
    ["a runId as text", {type: "done", runId: "1", outcome: "shown", text: "", chart: false}],
    ["an unknown outcome", {type: "done", runId: 1, outcome: "html", text: "", chart: false}],
    ["an over-long text", {type: "done", runId: 1, outcome: "shown", text: "x".repeat(2_001), chart: false}],
    ["a missing text", {type: "done", runId: 1, outcome: "shown", chart: false}],
    ["a missing chart flag", {type: "done", runId: 1, outcome: "shown", text: ""}],
    ["a negative height", {type: "height", px: -1}],
    ["a height that is not a number", {type: "height", px: Number.NaN}],
    ["a missing height", {type: "height"}],
    [
      "an over-long svg",
      {type: "exported", requestId: 1, svg: "x".repeat(CELL_EXPORT_MAX_CHARS + 1), width: 10, height: 10}
    ],
    ["a missing svg", {type: "exported", requestId: 1, width: 10, height: 10}],
    ["a zero width", {type: "exported", requestId: 1, svg: null, width: 0, height: 10}],
    ["a huge height", {type: "exported", requestId: 1, svg: null, width: 10, height: 10_001}],
    ["a negative requestId", {type: "exported", requestId: -2, svg: null, width: 10, height: 10}]
  ])("rejects %s", (_, message) => {
    expect(accepts(frameToPageMessage, message)).toBe(false);
  });

  it("takes texts and svgs exactly at their limits", () => {
    expect(
      accepts(frameToPageMessage, {type: "done", runId: 1, outcome: "shown", text: "x".repeat(2_000), chart: false})
    ).toBe(true);
    expect(
      accepts(frameToPageMessage, {
        type: "exported",
        requestId: 1,
        svg: "x".repeat(CELL_EXPORT_MAX_CHARS),
        width: 10_000,
        height: 10_000
      })
    ).toBe(true);
  });

  it("rejects every type name but its own four", () => {
    fc.assert(
      fc.property(
        fc.string().filter((type) => !["ready", "done", "height", "exported"].includes(type)),
        (type) => {
          expect(accepts(frameToPageMessage, {type})).toBe(false);
          expect(accepts(frameToPageMessage, {...(valid.done as object), type})).toBe(false);
        }
      )
    );
  });

  it("accepts any done message whose runId is a whole number from 0 and text at most 2,000 characters", () => {
    fc.assert(
      fc.property(
        fc.integer({min: -1_000, max: 1_000_000}),
        fc.string({maxLength: 2_100}),
        fc.constantFrom("shown", "failed"),
        (runId, text, outcome) => {
          expect(accepts(frameToPageMessage, {type: "done", runId, outcome, text, chart: false})).toBe(
            runId >= 0 && text.length <= 2_000
          );
        }
      )
    );
  });
});

describe("pageToFrameMessage", () => {
  const run = {type: "run", runId: 4, code: "1 + 1", run: {tables: [1, 2]}, inputs: {seed: 7, label: "a"}};

  it.each<[string, unknown]>([
    ["a run", run],
    ["a run with no run tables", {...run, run: undefined, inputs: {}}],
    ["an export", {type: "export", requestId: 0}]
  ])("accepts %s", (_, message) => {
    expect(accepts(pageToFrameMessage, message)).toBe(true);
  });

  it.each<[string, unknown]>([
    ["an unknown type", {...run, type: "ready"}],
    ["a negative runId", {...run, runId: -1}],
    ["an over-long code", {...run, code: "x".repeat(CELL_CODE_MAX_CHARS + 1)}],
    ["a missing code", {type: "run", runId: 1, run: null, inputs: {}}],
    ["inputs that are not a record", {...run, inputs: [1, 2]}],
    ["missing inputs", {type: "run", runId: 1, code: "", run: null}],
    ["a negative requestId", {type: "export", requestId: -1}],
    ["a missing requestId", {type: "export"}],
    ["no type", {runId: 1, code: "", run: null, inputs: {}}]
  ])("rejects %s", (_, message) => {
    expect(accepts(pageToFrameMessage, message)).toBe(false);
  });

  it("takes code exactly at a cell's limit", () => {
    expect(accepts(pageToFrameMessage, {...run, code: "x".repeat(CELL_CODE_MAX_CHARS)})).toBe(true);
  });

  it("rejects every type name but run and export", () => {
    fc.assert(
      fc.property(
        fc.string().filter((type) => type !== "run" && type !== "export"),
        (type) => {
          expect(accepts(pageToFrameMessage, {...run, type})).toBe(false);
          expect(accepts(pageToFrameMessage, {type, requestId: 0})).toBe(false);
        }
      )
    );
  });
});
