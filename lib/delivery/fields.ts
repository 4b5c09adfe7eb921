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
import {allowedCallbackUrl} from "./callback-url.js";
import {baselineDeliveryConfig, credentialFixtures, type DeliveryConfig, type DeliveryConfigField} from "./config.js";
import {a2aTaskStates} from "./task-state.js";
import {formatUpdateList, maxUpdateListLength, updateListSyntax} from "./update-list.js";
import type {FieldSpec, FieldValues} from "../lesson-inputs/fields.js";

/**
 * One row of the config field table: everything a page needs to build a
 * control for the field and to read it from a permalink, so the page never
 * restates the rules. `min`/`max` are the accepted bounds (the validator uses
 * the same constants); `controlMax` is a slider range that covers the lesson.
 * `deliveryInputFields` (below) gives the rows in the shared lib/lesson-inputs
 * form used by the control panel and permalinks (the update list as text).
 */
export interface DeliveryFieldDescription {
  field: DeliveryConfigField;
  label: string;
  /** What the field means, in one sentence. */
  help: string;
  group: DeliveryFieldGroup;
  control: "text" | "toggle" | "choice" | "number" | "optional-number" | "list";
  unit: "s" | "attempts" | "updates" | null;
  min: number | null;
  max: number | null;
  step: number | null;
  controlMax: number | null;
  options: readonly string[] | null;
  /** What is accepted, as a phrase for error messages ("a number of seconds from 0 to 600"). */
  accepted: string;
  baseline: DeliveryConfig[DeliveryConfigField];
  /** Whether the field is a reader control carried in permalinks (the update list is, in its text form). */
  inPermalink: boolean;
}

export type DeliveryFieldGroup = "push config" | "receiver" | "network" | "retry policy" | "updates";

export const deliveryFieldGroups: readonly DeliveryFieldGroup[] = [
  "push config",
  "receiver",
  "network",
  "retry policy",
  "updates"
];

type Row = Omit<DeliveryFieldDescription, "baseline" | "min" | "max" | "step" | "controlMax" | "options" | "unit"> &
  Partial<Pick<DeliveryFieldDescription, "min" | "max" | "step" | "controlMax" | "options" | "unit">>;

function row(spec: Row): DeliveryFieldDescription {
  return {
    unit: null,
    min: null,
    max: null,
    step: null,
    controlMax: null,
    options: null,
    ...spec,
    baseline: baselineDeliveryConfig[spec.field]
  };
}

const yesNo = "true or false";

/** The delay, the timeout and the backoff: a duration in half seconds; the slider covers the lesson's 0-10 s. */
const duration = {
  control: "number",
  unit: "s",
  min: 0,
  max: maxDurationSeconds,
  step: 0.5,
  controlMax: 10,
  accepted: `a number of seconds from 0 to ${maxDurationSeconds}`
} as const;

export const deliveryFields: readonly DeliveryFieldDescription[] = [
  row({
    field: "callbackUrl",
    label: "Callback URL",
    help: `Webhook URL in the push config; only ${allowedCallbackUrl}, exactly as written, is dispatched to.`,
    group: "push config",
    control: "text",
    max: maxCallbackUrlLength,
    accepted: `text of at most ${maxCallbackUrlLength} characters (any other URL than ${allowedCallbackUrl} blocks dispatch)`,
    inPermalink: true
  }),
  row({
    field: "agentAdvertisesPush",
    label: "Agent card advertises push notifications",
    help: "The agent card's capabilities.pushNotifications; without it no push config is accepted.",
    group: "push config",
    control: "toggle",
    accepted: yesNo,
    inPermalink: true
  }),
  row({
    field: "deleteConfigAtSeconds",
    label: "Delete push config at",
    help: "Modeled time at which the push config is deleted; attempts that would start then or later are suppressed.",
    group: "push config",
    control: "optional-number",
    unit: "s",
    min: 0,
    max: maxSettingTimeSeconds,
    step: 1,
    controlMax: 60,
    accepted: `null (never deleted) or a number of seconds from 0 to ${maxSettingTimeSeconds}`,
    inPermalink: true
  }),
  row({
    field: "credential",
    label: "Credential the sender presents",
    help: "Receiver credential fixture: matched, wrong, or missing (no secrets are modeled).",
    group: "receiver",
    control: "choice",
    options: credentialFixtures,
    accepted: `one of ${credentialFixtures.join(", ")}`,
    inPermalink: true
  }),
  row({
    field: "payloadNamesExpectedTask",
    label: "Payload names the expected task",
    help: "Whether the payload carries the task id the receiver expects; otherwise the receiver answers 404.",
    group: "receiver",
    control: "toggle",
    accepted: yesNo,
    inPermalink: true
  }),
  row({
    field: "receiverUnavailableUntilSeconds",
    label: "Receiver unavailable until",
    help: "The receiver answers 503 to every request arriving before this modeled time.",
    group: "receiver",
    control: "number",
    unit: "s",
    min: 0,
    max: maxSettingTimeSeconds,
    step: 1,
    controlMax: 60,
    accepted: `a number of seconds from 0 to ${maxSettingTimeSeconds}`,
    inPermalink: true
  }),
  row({
    field: "ignoreSeenEventIds",
    label: "Receiver ignores seen event ids",
    help: "Deduplication: a request whose event id was accepted before is answered 2xx without effect.",
    group: "receiver",
    control: "toggle",
    accepted: yesNo,
    inPermalink: true
  }),
  row({
    field: "ignoreOlderSequence",
    label: "Receiver ignores older sequence numbers",
    help: "Ordering protection: an update older than the newest applied is answered 2xx without effect.",
    group: "receiver",
    control: "toggle",
    accepted: yesNo,
    inPermalink: true
  }),
  row({
    field: "responseDelaySeconds",
    label: "Request and response delay",
    help: "A request arrives this long after it is sent; the response reaches the sender at the same moment.",
    group: "network",
    ...duration,
    inPermalink: true
  }),
  row({
    field: "loseFirstSuccessfulAck",
    label: "Lose the first 2xx of each update",
    help: "The first 2xx response to each update is lost on its way back, so the sender times out.",
    group: "network",
    control: "toggle",
    accepted: yesNo,
    inPermalink: true
  }),
  row({
    field: "senderTimeoutSeconds",
    label: "Sender timeout",
    help: "How long the sender waits for a response, independent of the delay.",
    group: "retry policy",
    ...duration,
    inPermalink: true
  }),
  row({
    field: "maxAttemptsPerUpdate",
    label: "Attempts per update",
    help: "The retry budget, counting the first attempt.",
    group: "retry policy",
    control: "number",
    unit: "attempts",
    min: minAttemptsPerUpdate,
    max: maxAttemptsPerUpdateLimit,
    step: 1,
    controlMax: 8,
    accepted: `a whole number from ${minAttemptsPerUpdate} to ${maxAttemptsPerUpdateLimit}, with updates x attempts at most ${maxAttemptBudget}`,
    inPermalink: true
  }),
  row({
    field: "initialBackoffSeconds",
    label: "First retry wait",
    help: "Wait before the first retry; it doubles for each further retry, without jitter.",
    group: "retry policy",
    ...duration,
    inPermalink: true
  }),
  row({
    field: "updates",
    label: "Emitted updates",
    help: "The status updates the agent emits: time, event id, sequence and task state of each.",
    group: "updates",
    control: "list",
    unit: "updates",
    min: 0,
    max: maxUpdateCount,
    accepted:
      `a list of at most ${maxUpdateCount} updates {atSeconds: 0 to ${maxUpdateAtSeconds}, ` +
      `eventId: 1 to ${maxEventIdLength} characters, sequence: whole number 0 to ${maxSequence}, ` +
      `taskState: one of ${a2aTaskStates.join(", ")}}, with updates x maxAttemptsPerUpdate at most ${maxAttemptBudget}`,
    inPermalink: true
  })
];

/** The table as a lookup by field name. */
export const deliveryFieldsByName: Readonly<Record<DeliveryConfigField, DeliveryFieldDescription>> = Object.fromEntries(
  deliveryFields.map((description) => [description.field, description])
) as Record<DeliveryConfigField, DeliveryFieldDescription>;

/** Reader-facing labels of the credential fixtures. */
const credentialLabels: Record<string, string> = {
  matched: "Matched (the receiver's token)",
  wrong: "Wrong token",
  missing: "No credential"
};

/**
 * Every config field in the shared lesson-inputs form (lib/lesson-inputs), so the
 * shared control panel and permalink code build the controls and read links from
 * the same bounds the validator uses. The update list is a line of text
 * (update-list.ts); pass the panel's values through deliveryConfigFromInputs.
 */
export const deliveryLessonGroups = [
  "Separate setup from receiver policy",
  "Set timing and retries",
  "Protect effects and inspect the trace"
] as const;

/** Where each control sits on the page: the lesson reads setup, then timing, then protection. */
const lessonGroupOf: Partial<Record<DeliveryConfigField, (typeof deliveryLessonGroups)[number]>> = {
  callbackUrl: "Separate setup from receiver policy",
  agentAdvertisesPush: "Separate setup from receiver policy",
  credential: "Separate setup from receiver policy",
  payloadNamesExpectedTask: "Separate setup from receiver policy",
  responseDelaySeconds: "Set timing and retries",
  senderTimeoutSeconds: "Set timing and retries",
  receiverUnavailableUntilSeconds: "Set timing and retries",
  maxAttemptsPerUpdate: "Set timing and retries",
  initialBackoffSeconds: "Set timing and retries",
  loseFirstSuccessfulAck: "Set timing and retries",
  ignoreSeenEventIds: "Protect effects and inspect the trace",
  ignoreOlderSequence: "Protect effects and inspect the trace",
  deleteConfigAtSeconds: "Protect effects and inspect the trace",
  updates: "Protect effects and inspect the trace"
};

const groupRank = (description: DeliveryFieldDescription) => deliveryLessonGroups.indexOf(lessonGroupOf[description.field]!);

export const deliveryInputFields: readonly FieldSpec[] = deliveryFields
  .filter((description) => description.inPermalink)
  .sort((a, b) => groupRank(a) - groupRank(b))
  .map((description): FieldSpec => {
    const base = {name: description.field, label: description.label, group: lessonGroupOf[description.field]!, help: description.help};
    switch (description.control) {
      case "toggle":
        return {...base, kind: "boolean"};
      case "choice":
        return {
          ...base,
          kind: "choice",
          options: (description.options ?? []).map((value) => ({value, label: credentialLabels[value] ?? value}))
        };
      case "text":
        return {...base, kind: "text", maxLength: description.max ?? maxCallbackUrlLength};
      case "list":
        // The page edits the update list as one line of text (update-list.ts); deliveryConfigFromInputs reads it.
        return {...base, kind: "text", maxLength: maxUpdateListLength, rows: 5, help: `${description.help} One per line: ${updateListSyntax}.`};
      default:
        return {
          ...base,
          kind: "number",
          min: description.min ?? 0,
          max: description.max ?? 0,
          step: description.step ?? 1,
          ...(description.controlMax === null ? {} : {sliderMax: description.controlMax}),
          ...(description.unit === null ? {} : {unit: description.unit}),
          ...(description.control === "optional-number" ? {nullLabel: "never deleted"} : {})
        };
    }
  });

/** Baseline values, as the shared control panel's defaults (the update list in its text form). */
export const deliveryInputDefaults: FieldValues = Object.freeze(
  Object.fromEntries(
    deliveryInputFields.map((field) => [
      field.name,
      field.name === "updates" ? formatUpdateList(baselineDeliveryConfig.updates, "\n") : baselineDeliveryConfig[field.name as DeliveryConfigField]
    ])
  )
) as FieldValues;
