/**
 * The proof on loopback (issue #12): real senders over real sockets on 127.0.0.1 do what lesson
 * 1's model predicts for the same receiver conditions. (a) The real @a2a-js/sdk 1.3.0 sender, for
 * every lesson-1 experiment that applies to it and for its own behaviours (the chain behind a
 * slow webhook, the 5 s timeout); (b) an HTTP sender following the teaching policy, for every
 * named experiment. Modeled time runs at one second per SCALE_MS real milliseconds.
 */
import {describe, expect, it} from "vitest";
import {expectedTaskId, registeredPushConfig, senderPreset} from "../../lib/delivery/index.js";
import {compareWithModel, type Comparison} from "./compare.js";
import {runA2aJsOnLoopback, runTeachingSenderOnLoopback} from "./loopback.js";
import {registerLessonPushConfig} from "./sdk-registration.js";
import {A2A_JS_SCENARIOS, SCALE_MS, TEACHING_SCENARIOS, TOLERANCE_SECONDS} from "./scenarios.js";

const explain = (comparison: Comparison) =>
  `${comparison.differences.join("\n")}\nmodel:    ${comparison.model.requests.join(" | ")}\nobserved: ${comparison.observed.requests.join(" | ")}\n` +
  `model outcomes:    ${comparison.model.outcomes.join(" | ")}\nobserved outcomes: ${comparison.observed.outcomes.join(" | ")}`;

describe("the real @a2a-js/sdk sender on loopback", () => {
  it("defaults to the preset's 5 s timeout and token header (used only for a config without authentication)", async () => {
    const {DefaultPushNotificationSender, InMemoryPushNotificationStore} = await import("@a2a-js/sdk/server");
    const sender = new DefaultPushNotificationSender(new InMemoryPushNotificationStore()) as unknown as {
      options: {timeout: number; tokenHeaderName: string};
    };
    const preset = senderPreset("a2a-js");
    expect(sender.options.timeout).toBe((preset.timeoutSeconds as number) * 1000);
    expect(sender.options.tokenHeaderName).toBe(preset.tokenHeader);
  });

  it("stores the lesson's registration as the lesson sends it: token and Bearer authentication", async () => {
    const sdk = await import("@a2a-js/sdk/server");
    const store = new sdk.InMemoryPushNotificationStore();
    const context = new sdk.ServerCallContext({requestedVersion: "1.0"});
    const id = await registerLessonPushConfig({
      sdk,
      store,
      context,
      url: "http://127.0.0.1:9/hook",
      credential: "matched"
    });
    const [stored] = await store.load(expectedTaskId, context);
    const {token, authentication} = registeredPushConfig("matched");
    expect(stored).toEqual({
      tenant: "",
      id,
      taskId: expectedTaskId,
      url: "http://127.0.0.1:9/hook",
      token,
      authentication
    });
  });

  it.each(A2A_JS_SCENARIOS)("$id: $title", async ({overrides}) => {
    const observed = await runA2aJsOnLoopback(overrides, SCALE_MS);
    const comparison = compareWithModel(overrides, "a2a-js", observed, TOLERANCE_SECONDS);
    expect(comparison.agree, explain(comparison)).toBe(true);
  });
});

describe("an HTTP sender following the teaching policy, on loopback", () => {
  it.each(TEACHING_SCENARIOS)("$id: $title", async ({overrides}) => {
    const observed = await runTeachingSenderOnLoopback(overrides, SCALE_MS);
    const comparison = compareWithModel(overrides, "teaching", observed, TOLERANCE_SECONDS);
    expect(comparison.agree, explain(comparison)).toBe(true);
  });
});
