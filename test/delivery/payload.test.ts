import {readFileSync} from "node:fs";
import Ajv from "ajv";
import {describe, expect, it} from "vitest";
import {
  a2aTaskStates,
  baselineUpdates,
  buildPushHeaders,
  buildPushPayload,
  expectedTaskId,
  simulateDelivery,
  teachingMetadataKey,
  unexpectedTaskId
} from "../../lib/delivery/index.js";

const schema = JSON.parse(
  readFileSync(new URL("../../data/delivery/a2a-v0.3.0-excerpt.json", import.meta.url), "utf8")
) as {
  definitions: Record<string, {enum?: string[]}>;
};
const ajv = new Ajv({strict: false});
ajv.addSchema(schema, "a2a");
const validateStatusUpdate = ajv.compile({$ref: "a2a#/definitions/TaskStatusUpdateEvent"});

describe("task states", () => {
  it("are exactly the A2A v0.3.0 TaskState enum", () => {
    expect([...a2aTaskStates]).toEqual(schema.definitions.TaskState?.enum);
  });
});

describe("push payload", () => {
  it("is a valid A2A v0.3.0 TaskStatusUpdateEvent for every update and both task-id settings", () => {
    for (const update of baselineUpdates) {
      for (const namesTask of [true, false]) {
        const payload = buildPushPayload(update, namesTask);
        const valid = validateStatusUpdate(payload);
        expect(validateStatusUpdate.errors ?? []).toEqual([]);
        expect(valid).toBe(true);
      }
    }
  });

  it("names the expected task only when told to", () => {
    expect(buildPushPayload(baselineUpdates[0]!, true).taskId).toBe(expectedTaskId);
    expect(buildPushPayload(baselineUpdates[0]!, false).taskId).toBe(unexpectedTaskId);
    expect(unexpectedTaskId).not.toBe(expectedTaskId);
  });

  it("carries the state, and the teaching fields under a marked metadata key", () => {
    for (const update of baselineUpdates) {
      const payload = buildPushPayload(update, true);
      expect(payload.status.state).toBe(update.taskState);
      expect(payload.metadata[teachingMetadataKey]).toMatchObject({eventId: update.eventId, sequence: update.sequence});
      expect(payload.metadata[teachingMetadataKey].note).toMatch(/not part of the A2A wire schema/);
    }
  });

  it("is final only for a terminal state", () => {
    const finals = baselineUpdates.map((update) => buildPushPayload(update, true).final);
    // submitted, working, input-required, completed: only completed ends the task.
    expect(finals).toEqual([false, false, false, true]);
  });

  it("is the same for every attempt of an update, and every attempt carries the run's headers", () => {
    const run = simulateDelivery();
    for (const attempt of run.attempts) {
      expect(attempt.payload).toEqual(buildPushPayload(baselineUpdates[attempt.updateIndex]!, true));
      expect(attempt.headers).toBe(run.headers);
    }
  });
});

describe("push headers", () => {
  it("send JSON and describe the credential fixture without a secret", () => {
    const matched = buildPushHeaders("matched");
    expect(matched["Content-Type"]).toBe("application/json");
    expect(matched["Authorization"]).toMatch(/^Bearer <fixture: .*>$/);
    expect(buildPushHeaders("wrong")["Authorization"]).toMatch(/^Bearer <fixture: .*>$/);
    expect(buildPushHeaders("wrong")["Authorization"]).not.toBe(matched["Authorization"]);
  });

  it("omit Authorization when the credential is missing", () => {
    expect(Object.keys(buildPushHeaders("missing"))).toEqual(["Content-Type"]);
  });
});
