/** Registering a push config through lesson 2's six stages, in either version (issue #13, lesson 1's configure group). */
import {describe, expect, test} from "vitest";
import {baselineDeliveryConfig, pushConfigRequest} from "../../lib/delivery/index.js";
import {runMessageTransaction} from "../../lib/message/index.js";
import {officialValidator} from "./official-schema.js";
import {oracleVerdict} from "./proto-oracle.js";

const register = (text: string, version: "0.3" | "1.0") =>
  runMessageTransaction(text, {version, operation: "set-push-config"});

describe("lesson 1's registration request", () => {
  for (const version of ["0.3", "1.0"] as const) {
    for (const credential of ["matched", "wrong", "missing"] as const) {
      test(`${version}, credential ${credential}: goes through all six stages; the stored config comes back with the agent's id`, () => {
        const request = pushConfigRequest({...baselineDeliveryConfig, credential}, version);
        expect(request.method).toBe(
          version === "1.0" ? "CreateTaskPushNotificationConfig" : "tasks/pushNotificationConfig/set"
        );
        const transaction = register(request.text, version);
        expect(transaction.requests[0]!.stoppedAt, transaction.requests[0]!.verdict).toBeNull();
        expect(transaction.receipts[0]).toMatchObject({
          stored: "push-config",
          taskId: "task-lesson-1",
          callbackUrl: baselineDeliveryConfig.callbackUrl,
          configId: "lab-config-1"
        });
        const result = (JSON.parse(transaction.responseText!) as {result: Record<string, unknown>}).result;
        if (version === "1.0") expect(oracleVerdict("TaskPushNotificationConfig", result)).toMatchObject({valid: true});
        else expect(officialValidator("TaskPushNotificationConfig")(result)).toBe(true);
        expect(JSON.stringify(result)).toContain('"id":"lab-config-1"');
      });
    }
  }

  test("the params are checked as lesson 2 checks them: each version's shape is refused by the other", () => {
    const v03 = pushConfigRequest(baselineDeliveryConfig, "0.3").text.replace(
      "tasks/pushNotificationConfig/set",
      "CreateTaskPushNotificationConfig"
    );
    const under1 = register(v03, "1.0");
    expect(under1.requests[0]!.stoppedAt).toBe(4);
    expect(under1.findings.filter((f) => f.severity === "error").map((f) => f.pointer)).toEqual(["/params/url"]);
    expect(under1.findings.filter((f) => f.code === "params.not-validated").map((f) => f.pointer)).toEqual([
      "/params/pushNotificationConfig"
    ]);
    const v1 = pushConfigRequest(baselineDeliveryConfig, "1.0").text.replace(
      "CreateTaskPushNotificationConfig",
      "tasks/pushNotificationConfig/set"
    );
    expect(register(v1, "0.3").requests[0]!.stoppedAt).toBe(4);
  });

  test("the other version's method name is method-not-found, naming the right one", () => {
    const transaction = register(pushConfigRequest(baselineDeliveryConfig, "0.3").text, "1.0");
    expect(transaction.findings[0]).toMatchObject({stage: 3, code: "method.other-version"});
    expect(transaction.findings[0]!.message).toContain('"CreateTaskPushNotificationConfig"');
  });

  test("a config with its own id is stored under it, unchanged", () => {
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "CreateTaskPushNotificationConfig",
      params: {id: "mine", taskId: "t", url: "https://hooks.example/a"}
    });
    const result = (JSON.parse(register(text, "1.0").responseText!) as {result: unknown}).result;
    expect(result).toEqual({id: "mine", taskId: "t", url: "https://hooks.example/a"});
  });

  test("the trace says a push config has no parts", () => {
    const trace = register(pushConfigRequest(baselineDeliveryConfig, "1.0").text, "1.0").trace.map((d) => d.detail);
    expect(trace).toContain("CreateTaskPushNotificationConfig carries no parts: nothing to decode.");
    expect(trace.join("\n")).toContain("a valid TaskPushNotificationConfig (A2A 1.0.1 proto, ProtoJSON)");
  });
});
