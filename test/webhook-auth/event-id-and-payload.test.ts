import {describe, expect, it} from "vitest";
import {newEventId, readPushPayload, type RandomSource} from "../../lib/webhook-auth/index.js";

describe("newEventId", () => {
  it("draws 16 bytes from the caller's crypto source and formats them as msg_ + hex", () => {
    const counting: RandomSource = {
      getRandomValues(array) {
        array.forEach((_, i) => (array[i] = i * 17));
        return array;
      }
    };
    expect(newEventId(counting)).toBe("msg_00112233445566778899aabbccddeeff");
    expect(newEventId(counting, "evt_")).toBe("evt_00112233445566778899aabbccddeeff");
  });

  it("gives distinct ids with Web Crypto and never contains '.'", () => {
    const ids = new Set(Array.from({length: 200}, () => newEventId(globalThis.crypto)));
    expect(ids.size).toBe(200);
    for (const id of ids) expect(id).toMatch(/^msg_[0-9a-f]{32}$/);
  });
});

describe("readPushPayload", () => {
  it("reads the task of every v1.0 StreamResponse member", () => {
    expect(readPushPayload('{"task": {"id": "t1", "status": {"state": "TASK_STATE_WORKING"}}}')).toMatchObject({
      ok: true,
      taskId: "t1",
      shape: "v1.0 StreamResponse.task",
      state: "TASK_STATE_WORKING"
    });
    expect(
      readPushPayload(
        '{"statusUpdate": {"taskId": "t2", "contextId": "c", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-01-01T00:00:00Z"}}}'
      )
    ).toMatchObject({
      taskId: "t2",
      state: "TASK_STATE_COMPLETED",
      statusTimestamp: "2026-01-01T00:00:00Z"
    });
    expect(readPushPayload('{"artifactUpdate": {"taskId": "t3", "contextId": "c", "artifact": {}}}')).toMatchObject({
      taskId: "t3"
    });
    expect(
      readPushPayload('{"message": {"messageId": "m", "taskId": "t4", "role": "ROLE_AGENT", "parts": []}}')
    ).toMatchObject({taskId: "t4"});
  });

  it("reads v0.3 bodies (kind + id / taskId)", () => {
    expect(
      readPushPayload('{"kind": "task", "id": "t5", "contextId": "c", "status": {"state": "completed"}}')
    ).toMatchObject({taskId: "t5", shape: "v0.3 Task", state: "completed"});
    expect(
      readPushPayload(
        '{"kind": "status-update", "taskId": "t6", "contextId": "c", "status": {"state": "working"}, "final": false}'
      )
    ).toMatchObject({taskId: "t6"});
  });

  it("refuses what names no task, or more than one payload", () => {
    for (const body of [
      '{"message": {"messageId": "m"}}',
      '{"task": {"id": "a"}, "message": {}}',
      '{"kind": "message"}',
      '{"foo": 1}',
      '{"task": {"id": 5}}',
      "null",
      '"x"'
    ]) {
      expect(readPushPayload(body).ok, body).toBe(false);
    }
    expect(readPushPayload(new Uint8Array([0x7b, 0xff, 0x7d]))).toMatchObject({
      ok: false,
      reason: "the body is not valid UTF-8"
    });
  });
});
