import {describe, expect, it} from "vitest";
import {v1MethodFor} from "../../lib/message/method-names.js";
import {CONTRACT_METHODS} from "../../lib/selection/contract.js";
import {defaultRegistry} from "../../lib/selection/fixture.js";
import {defaultPolicy} from "../../lib/selection/policy.js";
import {selectAgent} from "../../lib/selection/select.js";

describe("the contract's method in each A2A version", () => {
  it("pairs the v0.3.0 names with the 1.0 names lesson 2 reads from the schema and the proto", () => {
    for (const mode of ["streaming", "request-response"] as const) {
      expect(v1MethodFor(CONTRACT_METHODS["0.3"][mode])).toBe(CONTRACT_METHODS["1.0"][mode]);
    }
  });

  it("follows the policy's version; the agent chosen does not", () => {
    for (const requireStreaming of [false, true]) {
      const v03 = selectAgent(defaultRegistry, {...defaultPolicy, requireStreaming});
      const v1 = selectAgent(defaultRegistry, {...defaultPolicy, requireStreaming, version: "1.0"});
      expect(v1.contract?.agentId).toBe(v03.contract?.agentId);
      expect([v03.contract?.a2aMethod, v1.contract?.a2aMethod]).toEqual(
        requireStreaming ? ["message/stream", "SendStreamingMessage"] : ["message/send", "SendMessage"]
      );
      expect(v1.contract?.a2aVersion).toBe("1.0");
    }
  });
});
