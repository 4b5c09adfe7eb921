/**
 * What each sender puts on the wire for one update, held to the sources: the 1.0 state names
 * to a2a.proto v1.0.1, and the teaching sender's request to the lesson's own payload.
 */
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {
  a2aTaskStates,
  baselineDeliveryConfig,
  bodyShape,
  buildPushHeaders,
  buildPushPayload,
  fixtureTokens,
  senderPreset,
  v1TaskStates,
  wireRequest
} from "../../lib/delivery/index.js";

const payload = buildPushPayload(baselineDeliveryConfig.updates[3]!, true);

describe("wireRequest", () => {
  it("maps every lesson state to a TaskState name of the 1.0 proto", () => {
    const proto = readFileSync(new URL("../../data/spec/a2a-v1.0/a2a.proto", import.meta.url), "utf8");
    const names = [...proto.slice(proto.indexOf("enum TaskState {")).matchAll(/^\s*(TASK_STATE_[A-Z_]+) = \d+;/gm)].map(
      (match) => match[1]
    );
    for (const state of a2aTaskStates) expect(names).toContain(v1TaskStates[state]);
  });

  it("@a2a-js/sdk: a 1.0 StreamResponse as application/a2a+json, the lesson's Bearer authentication in Authorization", () => {
    const request = wireRequest(senderPreset("a2a-js"), payload, "matched");
    expect(request.headers).toEqual({
      "Content-Type": "application/a2a+json",
      Authorization: `Bearer ${fixtureTokens.matched}`
    });
    expect(request.body).toEqual({
      statusUpdate: {
        taskId: payload.taskId,
        contextId: payload.contextId,
        status: {state: "TASK_STATE_COMPLETED"},
        metadata: payload.metadata
      }
    });
    expect(JSON.stringify(request.body)).not.toMatch(/"kind"|"final"/);
  });

  it("a2a-go's canonical header name, and no token header when the config has none", () => {
    expect(wireRequest(senderPreset("a2a-go"), payload, "matched").headers).toHaveProperty(
      "A2a-Notification-Token",
      fixtureTokens.matched
    );
    expect(wireRequest(senderPreset("a2a-python"), payload, "missing").headers).toEqual({
      "Content-Type": "application/json"
    });
  });

  it("the teaching sender sends the lesson's v0.3 event with its Authorization header", () => {
    expect(wireRequest(senderPreset("teaching"), payload, "wrong")).toEqual({
      headers: buildPushHeaders("wrong"),
      body: payload
    });
  });

  it("under 1.0 the teaching sender writes the 1.0 StreamResponse, a valid one as protobufjs reads the proto; the SDKs keep their own shape", async () => {
    const {oracleVerdict} = await import("../message/proto-oracle.js");
    const request = wireRequest(senderPreset("teaching"), payload, "matched", "1.0");
    expect(request.headers).toEqual(buildPushHeaders("matched"));
    expect(oracleVerdict("StreamResponse", request.body)).toMatchObject({valid: true});
    expect(bodyShape(senderPreset("teaching"), "1.0")).toBe("a2a-v1.0");
    expect(wireRequest(senderPreset("svix"), payload, "matched", "1.0").body).toEqual(payload);
    expect(wireRequest(senderPreset("a2a-js"), payload, "matched", "0.3").body).toEqual(
      wireRequest(senderPreset("a2a-js"), payload, "matched", "1.0").body
    );
  });
});
