/**
 * Which header carries the push config's secret, per sender preset, for the config lesson 1
 * registers (token and Bearer authentication, the same fixture) and for a token-only config. The
 * @a2a-js/sdk preset is held to the installed SDK itself: its DefaultPushNotificationSender sends
 * to a fetch stub, with the config stored by the SDK's own set-push-config handler.
 */
import {afterEach, beforeEach, describe, expect, it, vi} from "vitest";
import {
  credentialHeaders,
  fixtureTokens,
  pushConfigRequest,
  registeredPushConfig,
  senderPreset,
  senderPresets,
  wireHeaders,
  type CredentialFixture,
  type RegisteredPushConfig
} from "../../lib/delivery/index.js";
import {registerLessonPushConfig} from "../live/sdk-registration.js";

const token = fixtureTokens.matched!;
const tokenOnly: RegisteredPushConfig = {token, authentication: null};
const credentials: readonly CredentialFixture[] = ["matched", "wrong", "missing"];

describe("credentialHeaders", () => {
  it("@a2a-js/sdk sends the lesson's registered config as Authorization: Bearer <token>, and no token header", () => {
    expect(credentialHeaders(senderPreset("a2a-js"), registeredPushConfig("matched"))).toEqual({
      Authorization: `Bearer ${token}`
    });
    expect(wireHeaders(senderPreset("a2a-js"), "matched")).toEqual({
      "Content-Type": "application/a2a+json",
      Authorization: `Bearer ${token}`
    });
    expect(wireHeaders(senderPreset("a2a-js"), "missing")).toEqual({"Content-Type": "application/a2a+json"});
  });

  it("@a2a-js/sdk sends a token-only config's token in X-A2A-Notification-Token", () => {
    expect(credentialHeaders(senderPreset("a2a-js"), tokenOnly)).toEqual({"X-A2A-Notification-Token": token});
    // Authentication without credentials does not count (the SDK needs scheme and credentials).
    expect(
      credentialHeaders(senderPreset("a2a-js"), {token, authentication: {scheme: "Bearer", credentials: ""}})
    ).toEqual({"X-A2A-Notification-Token": token});
  });

  it("the registered config is the one the registration request carries, in both A2A versions", () => {
    for (const credential of credentials) {
      const registered = registeredPushConfig(credential);
      const v1 = JSON.parse(
        pushConfigRequest({callbackUrl: "https://receiver.example/hook", credential}, "1.0").text
      ).params;
      const v03 = JSON.parse(pushConfigRequest({callbackUrl: "https://receiver.example/hook", credential}, "0.3").text)
        .params.pushNotificationConfig;
      expect({token: v1.token ?? null, authentication: v1.authentication ?? null}).toEqual(registered);
      expect({
        token: v03.token ?? null,
        authentication:
          v03.authentication === undefined
            ? null
            : {scheme: v03.authentication.schemes[0], credentials: v03.authentication.credentials}
      }).toEqual(registered);
    }
  });

  it("the other presets keep their token header whatever authentication says", () => {
    const expected = {
      "a2a-python": "X-A2A-Notification-Token",
      "a2a-go": "A2a-Notification-Token",
      "a2a-java": "X-A2A-Notification-Token"
    } as const;
    for (const [id, header] of Object.entries(expected)) {
      expect(credentialHeaders(senderPreset(id as keyof typeof expected), registeredPushConfig("matched"))).toEqual({
        [header]: token
      });
      expect(credentialHeaders(senderPreset(id as keyof typeof expected), tokenOnly)).toEqual({[header]: token});
    }
    for (const id of ["svix", "convoy"] as const)
      expect(credentialHeaders(senderPreset(id), registeredPushConfig("matched"))).toEqual({});
    expect(senderPresets.filter((preset) => preset.authenticationFirst).map((preset) => preset.id)).toEqual(["a2a-js"]);
  });
});

describe("the installed @a2a-js/sdk DefaultPushNotificationSender, against a fetch stub", () => {
  const seen: Record<string, string>[] = [];
  beforeEach(() => {
    seen.length = 0;
    vi.stubGlobal("fetch", async (_url: string, init: {headers: Record<string, string>}) => {
      seen.push(init.headers);
      return new Response(null, {status: 204});
    });
    vi.spyOn(console, "info").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  /** The headers the SDK sent for one status update to the config `store` holds for the task. */
  async function sentHeaders(
    store: Parameters<typeof registerLessonPushConfig>[0]["store"],
    context: Parameters<typeof registerLessonPushConfig>[0]["context"]
  ) {
    const {DefaultPushNotificationSender} = await import("@a2a-js/sdk/server");
    const sender = new DefaultPushNotificationSender(store);
    await sender.send(
      {
        payload: {
          $case: "statusUpdate",
          value: {taskId: "task-1", contextId: "ctx", status: {state: 2}, metadata: undefined}
        }
      } as never,
      context
    );
    expect(seen).toHaveLength(1);
    const {"Content-Type": contentType, ...credential} = seen[0]!;
    return {contentType, credential};
  }

  it.each(credentials)("sends what the preset says for the lesson's registration (%s)", async (credential) => {
    const sdk = await import("@a2a-js/sdk/server");
    const store = new sdk.InMemoryPushNotificationStore();
    const context = new sdk.ServerCallContext({requestedVersion: "1.0"});
    await registerLessonPushConfig({sdk, store, context, url: "http://127.0.0.1:9/hook", credential, taskId: "task-1"});
    const {contentType, credential: headers} = await sentHeaders(store, context);
    expect(headers).toEqual(credentialHeaders(senderPreset("a2a-js"), registeredPushConfig(credential)));
    expect(contentType).toBe(senderPreset("a2a-js").contentType);
  });

  it("sends a token-only config's token in the preset's token header", async () => {
    const sdk = await import("@a2a-js/sdk/server");
    const store = new sdk.InMemoryPushNotificationStore();
    const context = new sdk.ServerCallContext({requestedVersion: "1.0"});
    await store.save("task-1", context, {
      tenant: "",
      id: "token-only",
      taskId: "task-1",
      url: "http://127.0.0.1:9/hook",
      token,
      authentication: undefined
    });
    const {credential: headers} = await sentHeaders(store, context);
    expect(headers).toEqual(credentialHeaders(senderPreset("a2a-js"), tokenOnly));
  });
});
