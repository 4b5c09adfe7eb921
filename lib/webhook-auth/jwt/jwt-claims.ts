/**
 * The A2A push JWT profile's names and defaults (jwt-profile.ts has the profile and its sources):
 * apart from it, so what only names a claim or a header does not bring jose along.
 */
/** ES256 (P-256) works in every Web Crypto; EdDSA needs Ed25519 support (see standard-webhooks-v1a.ts). */
export const A2A_PUSH_JWT_ALGORITHMS = ["ES256", "EdDSA"] as const;
export type A2aPushJwtAlgorithm = (typeof A2A_PUSH_JWT_ALGORITHMS)[number];
/** Sender: one minute of validity is plenty for one POST. */
export const DEFAULT_JWT_TTL_SECONDS = 60;
/** Receiver: reject a token issued more than 5 minutes ago, or valid for longer than that (the A2A samples use 5 minutes). */
export const DEFAULT_JWT_MAX_AGE_SECONDS = 5 * 60;
/** Receiver: allowed clock difference between sender and receiver. */
export const DEFAULT_JWT_CLOCK_TOLERANCE_SECONDS = 30;
export const TASK_ID_CLAIM = "taskId";
export const BODY_HASH_CLAIM = "request_body_sha256";
/** Header carrying TaskPushNotificationConfig.token (A2A v0.3.0 topic guide example; a2a-js DefaultPushNotificationSender default). */
export const NOTIFICATION_TOKEN_HEADER = "X-A2A-Notification-Token";
/** The same token as a2a-go 2.x sends it, without the X- (a2asrv/push/sender.go @ v2.3.1, commit 4c4e078). */
export const GO_TOKEN_HEADER = "A2A-Notification-Token";
