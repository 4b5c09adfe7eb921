/**
 * Lesson 1's field table: one row per input, in the shared lib/lesson-inputs vocabulary
 * (FieldSpec). The control panel builds its controls from it, permalinks are read and
 * written with it, checkInputs checks every value against it, and describeAccepted turns a
 * row into the "what is accepted" text of every message. Bounds come from bounds.ts, the
 * same constants the config schema (config.ts) uses; a test holds the two to agreement.
 */
import {versionField} from "../shared/message-version.js";
import {describeAccepted, type FieldSpec, type FieldValues} from "../lesson-inputs/fields.js";
import {describeRun, type RunLabel} from "../lesson-inputs/run-label.js";
import {
  maxAttemptBudget,
  maxAttemptsPerUpdateLimit,
  maxCallbackUrlLength,
  maxDurationSeconds,
  maxEventIdLength,
  maxSequence,
  maxSettingTimeSeconds,
  maxUpdateAtSeconds,
  maxUpdateCount,
  minAttemptsPerUpdate
} from "./bounds.js";
import {maxSeed} from "../shared/seed.js";
import {allowedCallbackUrl} from "./callback-url.js";
import {baselineDeliveryConfig, type DeliveryConfigField} from "./config.js";
import {senderPresets} from "./sender-presets.js";
import {a2aTaskStates} from "./task-state.js";
import {formatUpdateList, maxUpdateListLength, updateListSyntax} from "./update-list.js";

/** The page's control groups, in the order the lesson reads: setup, then timing, then protection. */
export const deliveryLessonGroups = {
  setup: "Separate setup from receiver policy",
  timing: "Set timing and retries",
  protection: "Protect effects and inspect the trace"
} as const;

const {setup, timing, protection} = deliveryLessonGroups;

/** The delay, the timeout and the backoff: a duration in half seconds; the slider covers the lesson's 0-10 s. */
const duration = {kind: "number", unit: "s", min: 0, max: maxDurationSeconds, step: 0.5, sliderMax: 10} as const;
/** A point in modeled time, in whole seconds; the slider covers the lesson's first minute. */
const settingTime = {kind: "number", unit: "s", min: 0, max: maxSettingTimeSeconds, step: 1, sliderMax: 60} as const;

export const deliveryInputFields: readonly FieldSpec[] = [
  {
    name: "callbackUrl",
    label: "Callback URL",
    group: setup,
    kind: "text",
    maxLength: maxCallbackUrlLength,
    help: `Webhook URL in the push config; only ${allowedCallbackUrl}, exactly as written, is dispatched to.`
  },
  versionField(
    setup,
    "The A2A-Version the client registers the push config with: the registration request below, and the teaching sender's body (a v0.3.0 TaskStatusUpdateEvent or a 1.0 StreamResponse). A released SDK or platform sends its own shape whatever you choose."
  ),
  {
    name: "agentAdvertisesPush",
    label: "Agent card advertises push notifications",
    group: setup,
    kind: "boolean",
    help: "The agent card's capabilities.pushNotifications; without it no push config is accepted."
  },
  {
    name: "credential",
    label: "Credential the sender presents",
    group: setup,
    kind: "choice",
    options: [
      {value: "matched", label: "Matched (the receiver's token)"},
      {value: "wrong", label: "Wrong token"},
      {value: "missing", label: "No credential"}
    ],
    help: "Receiver credential fixture: matched, wrong, or missing (no secrets are modeled)."
  },
  {
    name: "payloadNamesExpectedTask",
    label: "Payload names the expected task",
    group: setup,
    kind: "boolean",
    help: "Whether the payload carries the task id the receiver expects; otherwise the receiver answers 404."
  },
  {
    name: "responseDelaySeconds",
    label: "Request and response delay",
    group: timing,
    ...duration,
    help: "A request arrives this long after it is sent; the response reaches the sender at the same moment."
  },
  {
    name: "sender",
    label: "Sender",
    group: timing,
    kind: "choice",
    options: senderPresets.map((preset) => ({
      value: preset.id,
      label: preset.id === "teaching" ? "Teaching sender (the inputs below)" : `${preset.name} ${preset.version}`
    })),
    help: "Who sends the notifications: the course's teaching sender, which the timeout, attempts and retry wait below shape, or a released A2A SDK or webhook platform with its own timeout and retries."
  },
  {
    name: "senderTimeoutSeconds",
    label: "Sender timeout",
    group: timing,
    ...duration,
    help: "How long the sender waits for a response, independent of the delay."
  },
  {
    name: "receiverUnavailableUntilSeconds",
    label: "Receiver unavailable until",
    group: timing,
    ...settingTime,
    help: "The receiver answers 503 to every request arriving before this modeled time."
  },
  {
    name: "maxAttemptsPerUpdate",
    label: "Attempts per update",
    group: timing,
    kind: "number",
    unit: "attempts",
    min: minAttemptsPerUpdate,
    max: maxAttemptsPerUpdateLimit,
    step: 1,
    whole: true,
    sliderMax: 8,
    help: "The retry budget, counting the first attempt."
  },
  {
    name: "initialBackoffSeconds",
    label: "First retry wait",
    group: timing,
    ...duration,
    help: "Wait before the first retry; it doubles for each further retry, without jitter."
  },
  {
    name: "seed",
    label: "Jitter seed",
    group: timing,
    kind: "number",
    min: 0,
    max: maxSeed,
    step: 1,
    whole: true,
    sliderMax: 100,
    help: "Seeds the random jitter a sender adds to its waits (Convoy's); the same seed gives the same run."
  },
  {
    name: "loseFirstSuccessfulAck",
    label: "Lose the first 2xx of each update",
    group: timing,
    kind: "boolean",
    help: "The first 2xx response to each update is lost on its way back, so the sender times out."
  },
  {
    name: "ignoreSeenEventIds",
    label: "Receiver ignores seen event ids",
    group: protection,
    kind: "boolean",
    help: "Deduplication: a request whose event id was accepted before is answered 2xx without effect."
  },
  {
    name: "ignoreOlderSequence",
    label: "Receiver ignores older sequence numbers",
    group: protection,
    kind: "boolean",
    help: "Ordering protection: an update older than the newest applied is answered 2xx without effect."
  },
  {
    name: "deleteConfigAtSeconds",
    label: "Delete push config at",
    group: protection,
    ...settingTime,
    nullLabel: "never deleted",
    switchOnValue: 3,
    help: "Modeled time at which the push config is deleted; attempts that would start then or later are suppressed."
  },
  {
    // The page edits the update list as text (update-list.ts); deliveryConfigFromInputs reads it.
    name: "updates",
    label: "Emitted updates",
    group: protection,
    kind: "text",
    maxLength: maxUpdateListLength,
    rows: 5,
    help: `The status updates the agent emits: time, event id, sequence and task state of each. One per line: ${updateListSyntax}.`
  }
];

/** The table as a lookup by field name. */
export const deliveryInputFieldsByName: Readonly<Record<DeliveryConfigField, FieldSpec>> = Object.fromEntries(
  deliveryInputFields.map((field) => [field.name, field])
) as Record<DeliveryConfigField, FieldSpec>;

/** Baseline values, as the shared control panel's defaults (the update list in its text form). */
export const deliveryInputDefaults: FieldValues = Object.freeze(
  Object.fromEntries(
    deliveryInputFields.map((field) => [
      field.name,
      field.name === "updates"
        ? formatUpdateList(baselineDeliveryConfig.updates, "\n")
        : baselineDeliveryConfig[field.name as DeliveryConfigField]
    ])
  )
) as FieldValues;

/** What a config field accepts, in words (for parseDeliveryConfig's messages); the update list as the config holds it. */
export function deliveryConfigAccepted(field: DeliveryConfigField): string {
  if (field === "updates") {
    return (
      `a list of at most ${maxUpdateCount} updates {atSeconds: 0 to ${maxUpdateAtSeconds}, ` +
      `eventId: 1 to ${maxEventIdLength} characters without whitespace or ";", sequence: whole number 0 to ${maxSequence}, ` +
      `taskState: one of ${a2aTaskStates.join(", ")}}, with updates x maxAttemptsPerUpdate at most ${maxAttemptBudget}`
    );
  }
  const row = deliveryInputFieldsByName[field];
  // A config is JavaScript: booleans and null as values, not the link's "true" and "none".
  if (row.kind === "boolean") return "true or false";
  const accepted =
    row.kind === "number" && row.nullLabel !== undefined
      ? `${describeAccepted({...row, nullLabel: undefined})}, or null (${row.nullLabel})`
      : describeAccepted(row);
  if (field === "maxAttemptsPerUpdate") return `${accepted}, with updates x attempts at most ${maxAttemptBudget}`;
  if (field === "callbackUrl") return `${accepted} (any other URL than ${allowedCallbackUrl} blocks dispatch)`;
  return accepted;
}

/** Names a run of lesson 1 on exports: the inputs that differ from the defaults. */
export function deliveryRunLabel(values: Readonly<Record<string, unknown>>): RunLabel {
  return describeRun(values, deliveryInputFields, deliveryInputDefaults);
}
