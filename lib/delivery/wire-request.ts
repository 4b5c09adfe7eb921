/**
 * What goes on the wire: the headers and body a sender POSTs for one update. The teaching sender
 * sends the lesson's A2A v0.3.0 TaskStatusUpdateEvent, or under 1.0 its StreamResponse; the A2A SDKs wrap the same status update
 * in a 1.0 StreamResponse (a2a.proto v1.0.1: `StreamResponse.status_update`, ProtoJSON
 * lowerCamelCase, enum names `TASK_STATE_*`, no `kind`, no `final`); the webhook platforms send
 * whatever JSON the application hands them (here the v0.3 event) with their own signature headers.
 */
import type {MessageVersion} from "../shared/message-version.js";
import type {CredentialFixture} from "./config.js";
import {buildPushHeaders, type PushPayload} from "./payload.js";
import type {SenderPreset} from "./sender-presets.js";
import type {A2aTaskState} from "./task-state.js";

export interface WireRequest {
  headers: Readonly<Record<string, string>>;
  body: unknown;
}

/** The token a push config carries for each credential fixture (placeholders; no secret is modeled). */
export const fixtureTokens: Readonly<Record<CredentialFixture, string | null>> = {
  matched: "token-the-receiver-issued",
  wrong: "token-the-receiver-did-not-issue",
  missing: null
};

/**
 * A push config as the agent stores it from the lesson's registration and a sender reads it
 * (a2a.proto v1.0.1 TaskPushNotificationConfig: `token`, `authentication {scheme, credentials}`);
 * null where the registration has none.
 */
export interface RegisteredPushConfig {
  token: string | null;
  authentication: {scheme: string; credentials: string} | null;
}

/**
 * What lesson 1's registration (push-config-request.ts) leaves in the agent's store: the fixture
 * token both as `token` and as Bearer `authentication.credentials`, or neither ("missing"). The
 * same for either A2A version: @a2a-js/sdk 1.3.0 turns v0.3's `authentication.schemes: ["Bearer"]`
 * into `scheme: "Bearer"` (compat/v0_3 toCoreAuthenticationInfo keeps the first scheme).
 */
export function registeredPushConfig(credential: CredentialFixture): RegisteredPushConfig {
  const token = fixtureTokens[credential];
  return {token, authentication: token === null ? null : {scheme: "Bearer", credentials: token}};
}

/**
 * The headers that carry a registered config's secret, by the preset's rule: with
 * authenticationFirst, `Authorization: <scheme> <credentials>` when the authentication has both,
 * otherwise the token in tokenHeader (if the preset has one and the config a token). Mirrors
 * @a2a-js/sdk 1.3.0 DefaultPushNotificationSender._buildAuthHeaders (dist/server/index.js).
 */
export function credentialHeaders(
  preset: Pick<SenderPreset, "tokenHeader" | "authenticationFirst">,
  config: RegisteredPushConfig
): Readonly<Record<string, string>> {
  const authentication = config.authentication;
  if (
    preset.authenticationFirst &&
    authentication !== null &&
    authentication.scheme !== "" &&
    authentication.credentials !== ""
  ) {
    return {Authorization: `${authentication.scheme} ${authentication.credentials}`};
  }
  if (preset.tokenHeader !== null && config.token !== null && config.token !== "")
    return {[preset.tokenHeader]: config.token};
  return {};
}

/** A2A 1.0's TaskState names for the lesson's v0.3 states (a2a.proto v1.0.1 `enum TaskState`). */
export const v1TaskStates: Readonly<Record<A2aTaskState, string>> = {
  submitted: "TASK_STATE_SUBMITTED",
  working: "TASK_STATE_WORKING",
  "input-required": "TASK_STATE_INPUT_REQUIRED",
  completed: "TASK_STATE_COMPLETED",
  canceled: "TASK_STATE_CANCELED",
  failed: "TASK_STATE_FAILED",
  rejected: "TASK_STATE_REJECTED",
  "auth-required": "TASK_STATE_AUTH_REQUIRED",
  unknown: "TASK_STATE_UNSPECIFIED"
};

/** The body's shape, in words. */
export const wireBodyNames: Readonly<Record<SenderPreset["body"], string>> = {
  "a2a-v0.3": "A2A v0.3.0 TaskStatusUpdateEvent",
  "a2a-v1.0": "A2A 1.0 StreamResponse",
  application: "the application's own JSON (here the v0.3.0 event)"
};

/**
 * The body a sender writes: a released SDK or platform sends its own shape (its preset); the
 * teaching sender writes the version the push config was registered with (as @a2a-js/sdk 1.3.0
 * would with a serializer for each wire version: DefaultPushNotificationSender's serializers).
 */
export function bodyShape(preset: SenderPreset, version: MessageVersion): SenderPreset["body"] {
  if (preset.id !== "teaching") return preset.body;
  return version === "1.0" ? "a2a-v1.0" : "a2a-v0.3";
}

export function wireRequest(
  preset: SenderPreset,
  payload: PushPayload,
  credential: CredentialFixture,
  version: MessageVersion = "0.3"
): WireRequest {
  return {
    headers: wireHeaders(preset, credential),
    body: bodyShape(preset, version) === "a2a-v1.0" ? v1StatusUpdate(payload) : payload
  };
}

/** The headers of every request a sender makes for the push config the lesson registers with this credential. */
export function wireHeaders(preset: SenderPreset, credential: CredentialFixture): Readonly<Record<string, string>> {
  if (preset.id === "teaching") return buildPushHeaders(credential);
  return Object.freeze({
    "Content-Type": preset.contentType,
    ...credentialHeaders(preset, registeredPushConfig(credential)),
    ...preset.otherHeaders
  });
}

/** The v0.3 event as a 1.0 StreamResponse: the same fields, the 1.0 state name, no kind or final. */
function v1StatusUpdate(payload: PushPayload) {
  return {
    statusUpdate: {
      taskId: payload.taskId,
      contextId: payload.contextId,
      status: {state: v1TaskStates[payload.status.state]},
      metadata: payload.metadata
    }
  };
}
