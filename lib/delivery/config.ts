import * as z from "zod/mini";
import {allowedCallbackUrl} from "./callback-url.js";
import {
  maxAttemptsPerUpdateLimit,
  maxCallbackUrlLength,
  maxDurationSeconds,
  maxSettingTimeSeconds,
  maxUpdateCount,
  minAttemptsPerUpdate
} from "./bounds.js";
import {senderIds} from "./sender-presets.js";
import {maxSeed} from "../shared/seed.js";
import {baselineUpdates, taskUpdateSchema} from "./updates.js";
import {MESSAGE_VERSIONS} from "../shared/message-version.js";

/** Receiver credential fixtures: which token the sender presents. No secrets are modeled. */
export const credentialFixtures = ["matched", "wrong", "missing"] as const;
export type CredentialFixture = (typeof credentialFixtures)[number];

const seconds = (max: number) => z.number().check(z.minimum(0), z.maximum(max));

/** Every field, each with its bounds. Field names are part of the API and of permalinks. */
export const deliveryConfigShape = {
  callbackUrl: z.string().check(z.maxLength(maxCallbackUrlLength)),
  agentAdvertisesPush: z.boolean(),
  credential: z.enum(credentialFixtures),
  payloadNamesExpectedTask: z.boolean(),
  responseDelaySeconds: seconds(maxDurationSeconds),
  senderTimeoutSeconds: seconds(maxDurationSeconds),
  receiverUnavailableUntilSeconds: seconds(maxSettingTimeSeconds),
  maxAttemptsPerUpdate: z.int().check(z.minimum(minAttemptsPerUpdate), z.maximum(maxAttemptsPerUpdateLimit)),
  initialBackoffSeconds: seconds(maxDurationSeconds),
  loseFirstSuccessfulAck: z.boolean(),
  ignoreSeenEventIds: z.boolean(),
  ignoreOlderSequence: z.boolean(),
  deleteConfigAtSeconds: z.nullable(seconds(maxSettingTimeSeconds)),
  updates: z.readonly(z.array(taskUpdateSchema).check(z.maxLength(maxUpdateCount))),
  sender: z.enum(senderIds),
  seed: z.int().check(z.minimum(0), z.maximum(maxSeed)),
  /** The A2A version the client registers the push config with: its request, and the teaching sender's body. */
  version: z.enum(MESSAGE_VERSIONS)
};

export const deliveryConfigSchema = z.strictObject(deliveryConfigShape);

/** A complete delivery config; see `deliveryFields` for each field's meaning and bounds. */
export type DeliveryConfig = z.infer<typeof deliveryConfigSchema>;
export type DeliveryConfigField = keyof DeliveryConfig;

export const deliveryConfigFieldNames = Object.keys(deliveryConfigShape) as DeliveryConfigField[];

/** The lesson's starting point; every experiment is a partial config merged over it. */
export const baselineDeliveryConfig: DeliveryConfig = Object.freeze({
  callbackUrl: allowedCallbackUrl,
  agentAdvertisesPush: true,
  credential: "matched",
  payloadNamesExpectedTask: true,
  responseDelaySeconds: 1,
  senderTimeoutSeconds: 3,
  receiverUnavailableUntilSeconds: 0,
  maxAttemptsPerUpdate: 4,
  initialBackoffSeconds: 2,
  loseFirstSuccessfulAck: true,
  ignoreSeenEventIds: true,
  ignoreOlderSequence: true,
  deleteConfigAtSeconds: null,
  updates: baselineUpdates,
  sender: "teaching",
  seed: 1,
  version: "0.3"
});
