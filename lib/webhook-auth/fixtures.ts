/**
 * Fixed, published demo values for the lesson and the tests. None of these is
 * secret: never use them outside the course. Keys were generated once with
 * Web Crypto (crypto.subtle.generateKey) for this course; the Standard
 * Webhooks values come from the reference libraries' own tests.
 */
import type {JSONWebKeySet, JWK} from "jose";
import type {MessageVersion} from "../shared/message-version.js";
import type {A2aPushJwtAlgorithm} from "./jwt/jwt-profile.js";

/** Reference libraries' test secret (libraries/javascript/src/webhook.test.ts, libraries/go/webhook_symmetric_test.go). 24 bytes. */
export const STANDARD_WEBHOOKS_TEST_SECRET = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
/** Go reference library's asymmetric test seed (libraries/go/webhook_asymmetric_test.go), the ASCII text "TESTSIGNINGKEYDONOTUSETHISFORANY". */
export const STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY = "whsk_VEVTVFNJR05JTkdLRVlET05PVFVTRVRISVNGT1JBTlk=";
/** The secret the sender rotates to (32 random bytes). */
export const DEMO_ROTATED_SECRET = "whsec_0c1/DeB6FwwslL/ukTvGkUJvga+RvtCMmADjfHjjQdc=";
/** Another endpoint's secret, for the "wrong secret" mistake (32 random bytes). */
export const DEMO_OTHER_ENDPOINT_SECRET = "whsec_Q0wKFZ2h7PxvCo9p9/YW7qX3cO+1FGD7ZkofjrNiK/8=";

/** 2026-03-15T18:30:00Z, the modeled "now" of the demos. */
export const DEMO_NOW_SECONDS = 1_773_599_400;
export const DEMO_TASK_ID = "task-3f9c2a";
export const DEMO_OTHER_TASK_ID = "task-9d07e1";
export const DEMO_CONTEXT_ID = "ctx-51d0";
/** An event id (a webhook-id, reused by its retries; the demo's jti too, one per token): unrelated to task, context or config ids. */
export const DEMO_EVENT_ID = "msg_2f6a1c9e4b7d40a8a3c5e1f09b2d7e64";
export const DEMO_ISSUER = "https://agent.example";
export const DEMO_AUDIENCE = "https://client.example/a2a/push";
/** TaskPushNotificationConfig.token of the demo subscription. */
export const DEMO_CONFIG_TOKEN = "tok-7c41-demo";
/**
 * The task's completion as a v1.0 StreamResponse (specification §4.3.3: a push body is a
 * StreamResponse; proto TaskStatusUpdateEvent), written with spaces as a sender might:
 * re-serializing it changes the bytes.
 */
export const DEMO_BODY =
  '{"statusUpdate": {"taskId": "task-3f9c2a", "contextId": "ctx-51d0", "status": {"state": "TASK_STATE_COMPLETED", "timestamp": "2026-03-15T18:30:00Z"}}}';
/**
 * The same completion in v0.3.0: a TaskStatusUpdateEvent (a2a.json: kind, taskId, contextId,
 * status, final). v0.3.0 leaves the push body open (docs/topics/streaming-and-async.md,
 * "Notification Payload": at least the task id and state); this is what lesson 1's teaching
 * sender posts under 0.3.
 */
export const DEMO_BODY_V03 =
  '{"kind": "status-update", "taskId": "task-3f9c2a", "contextId": "ctx-51d0", "status": {"state": "completed", "timestamp": "2026-03-15T18:30:00Z"}, "final": true}';

/** The demo body a sender of each A2A version signs. */
export const DEMO_BODIES: Readonly<Record<MessageVersion, string>> = {"0.3": DEMO_BODY_V03, "1.0": DEMO_BODY};

export interface DemoSigningKey {
  kid: string;
  alg: A2aPushJwtAlgorithm;
  privateJwk: JWK;
}

export const DEMO_SIGNING_KEY_1: DemoSigningKey = {
  kid: "agent-push-2026-01",
  alg: "ES256",
  privateJwk: {
    kty: "EC",
    crv: "P-256",
    x: "MHPFsNb2ojH-fE9d2pjlP1tbSIRy_C0ZLzN-132meS0",
    y: "oxxoaeYvmwBZr9_ybWP7Fl8rVEfNwPDC2-Y56ah-c1o",
    d: "Rsc1wfyP3XOdZUZYtcW1sqJPXdVUNS3cW_LwhDzbJY0"
  }
};

/** The key the sender rotates to. */
export const DEMO_SIGNING_KEY_2: DemoSigningKey = {
  kid: "agent-push-2026-02",
  alg: "ES256",
  privateJwk: {
    kty: "EC",
    crv: "P-256",
    x: "VE-A0ozGaEGll20tIdJvHoDcK3TnBkreggZsWR2BD_M",
    y: "NyrxKIFvXJrgXsMHgelJFxAIZYvnVzcQqUaeHvkExwQ",
    d: "WShP8m7OA_-tXXjLR9xWE_znN3VObsusIlrwnYni0PY"
  }
};

/** A key the sender never published: tokens signed with it must fail. */
export const DEMO_ATTACKER_KEY: DemoSigningKey = {
  kid: "agent-push-2026-01",
  alg: "ES256",
  privateJwk: {
    kty: "EC",
    crv: "P-256",
    x: "Oa2E0L35Zm9brzzxNP3T2MJOL9jUSUFX1IPAfJOWXso",
    y: "y3LLH6qakycJDjYzDJbEDqqKwdc7K9LfUpKrPwejkqY",
    d: "09hrDIGupAAsOgoPl8ixpXtQ_1ji5qKATi4EjnGauwg"
  }
};

/** EdDSA (Ed25519) signing key; needs Ed25519 in Web Crypto. */
export const DEMO_ED25519_SIGNING_KEY: DemoSigningKey = {
  kid: "agent-push-ed-01",
  alg: "EdDSA",
  privateJwk: {
    kty: "OKP",
    crv: "Ed25519",
    x: "zbPijHNsEwd-fvtLp0ymruhD6jgzaQAk7K1bODilkGA",
    d: "n96G0uAc0D2nB0WWlsfROoB1EqWiq04-fRJ2UbBaXr4"
  }
};

/** The EdDSA key the sender rotates to (generated once with node:crypto generateKeyPairSync("ed25519")). */
export const DEMO_ED25519_SIGNING_KEY_2: DemoSigningKey = {
  kid: "agent-push-ed-02",
  alg: "EdDSA",
  privateJwk: {
    kty: "OKP",
    crv: "Ed25519",
    x: "GCCPDk6RA-MSlQfOjCz7l2L_XvEWEMF8A2yqYq8Rm-Q",
    d: "d5kBRw3WRyvj-z82ZxWH4D43c7oGpCfdCnfEo_ngssk"
  }
};

/** The published JWK (public members, kid, alg, use) of a signing key. */
export function publicJwkOf(key: DemoSigningKey): JWK {
  const {d: _d, ...publicPart} = key.privateJwk;
  return {...publicPart, kid: key.kid, alg: key.alg, use: "sig"};
}

/** A JWKS document as the sender would publish it. */
export function demoJwks(keys: readonly DemoSigningKey[] = [DEMO_SIGNING_KEY_1]): JSONWebKeySet {
  return {keys: keys.map(publicJwkOf)};
}
