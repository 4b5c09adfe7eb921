import * as z from "zod/mini";
import {maxAttemptBudget, maxEventIdLength, maxUpdateAtSeconds, maxSequence} from "./bounds.js";
import {
  baselineDeliveryConfig,
  deliveryConfigFieldNames,
  deliveryConfigSchema,
  deliveryConfigShape,
  type DeliveryConfig,
  type DeliveryConfigField
} from "./config.js";
import {deliveryConfigAccepted} from "./fields.js";
import {a2aTaskStates} from "./task-state.js";
import {maxAttemptsOf} from "./sender-policy.js";
import {senderPreset} from "./sender-presets.js";

/** One reason a config was refused: which field, which rule, what is accepted. */
export interface DeliveryConfigProblem {
  /** Field path, e.g. "senderTimeoutSeconds" or "updates[3].sequence"; "(config)" for the whole input. */
  field: string;
  /** The same place as a JSON pointer (RFC 6901), e.g. "/updates/3/sequence"; "" for the whole input. */
  pointer: string;
  message: string;
}

export type DeliveryConfigParseResult =
  | {ok: true; config: DeliveryConfig}
  | {ok: false; problems: DeliveryConfigProblem[]};

/** Thrown by `simulateDelivery` when parseDeliveryConfig refuses its partial config. */
export class DeliveryConfigError extends Error {
  readonly problems: readonly DeliveryConfigProblem[];
  constructor(problems: readonly DeliveryConfigProblem[]) {
    super(`Invalid delivery config: ${problems.map((problem) => problem.message).join(" ")}`);
    this.name = "DeliveryConfigError";
    this.problems = problems;
  }
}

const partialConfigSchema = z.partial(deliveryConfigSchema);

const wholeConfig = "(config)";
const fieldList = deliveryConfigFieldNames.join(", ");

/**
 * Validates untrusted data (a stored or hand-written config, decoded permalink
 * values): a partial config whose fields are merged over the baseline. Unknown
 * fields are problems, so a misspelt permalink key is reported, not ignored.
 */
export function parseDeliveryConfig(input: unknown): DeliveryConfigParseResult {
  if (typeof input !== "object" || input === null || Array.isArray(input)) {
    return {
      ok: false,
      problems: [
        {
          field: wholeConfig,
          pointer: "",
          message: `The delivery config must be an object of fields (got ${preview(input)}); accepted fields: ${fieldList}.`
        }
      ]
    };
  }
  const parsed = z.safeParse(partialConfigSchema, input);
  if (!parsed.success) {
    return {ok: false, problems: parsed.error.issues.flatMap((issue) => describeIssue(issue, input))};
  }
  return finish(mergeOverBaseline(parsed.data as Partial<DeliveryConfig>));
}

/**
 * The typed entry point (`simulateDelivery`): parseDeliveryConfig's verdict, thrown as a
 * `DeliveryConfigError` listing every problem. There is one check path, so the simulator
 * runs exactly the configs the parser accepts: a field set to undefined is left at the
 * baseline by both, and an unknown key is refused by both, whatever its value.
 */
export function resolveDeliveryConfig(partial: Partial<DeliveryConfig> = {}): DeliveryConfig {
  const result = parseDeliveryConfig(partial);
  if (!result.ok) throw new DeliveryConfigError(result.problems);
  return result.config;
}

function isField(key: string): key is DeliveryConfigField {
  return Object.hasOwn(deliveryConfigShape, key);
}

function mergeOverBaseline(partial: Partial<DeliveryConfig>): DeliveryConfig {
  const merged: Record<string, unknown> = {...baselineDeliveryConfig};
  for (const key of deliveryConfigFieldNames) {
    const value = partial[key];
    if (value !== undefined) merged[key] = value;
  }
  return merged as DeliveryConfig;
}

/** Cross-field rule: the attempt budget bounds the work of any accepted run. */
function finish(config: DeliveryConfig): DeliveryConfigParseResult {
  const preset = senderPreset(config.sender);
  const attemptsPerUpdate = maxAttemptsOf(preset, config);
  const possibleAttempts = config.updates.length * attemptsPerUpdate;
  if (possibleAttempts > maxAttemptBudget) {
    const perUpdate =
      preset.retry.kind === "doubling"
        ? `maxAttemptsPerUpdate is ${attemptsPerUpdate}`
        : `${preset.name} makes up to ${attemptsPerUpdate} attempts per update`;
    return {
      ok: false,
      problems: [
        {
          field: "updates",
          pointer: "/updates",
          message:
            `updates has ${config.updates.length} updates and ${perUpdate}, ` +
            `so a run could send ${possibleAttempts} attempts; the rule is updates x attempts per update at most ` +
            `${maxAttemptBudget}; accepted: fewer updates or fewer attempts per update.`
        }
      ]
    };
  }
  return {ok: true, config};
}

function unknownField(key: string): DeliveryConfigProblem {
  return {
    field: key,
    pointer: formatPointer([key]),
    message: `${key} is not a delivery config field; accepted fields: ${fieldList}.`
  };
}

const updateFieldAccepted: Record<string, string> = {
  atSeconds: `a number of seconds from 0 to ${maxUpdateAtSeconds}`,
  eventId: `text of 1 to ${maxEventIdLength} characters without whitespace or ";"`,
  sequence: `a whole number from 0 to ${maxSequence}`,
  taskState: `one of ${a2aTaskStates.join(", ")}`
};

type Issue = z.core.$ZodIssue;

function describeIssue(issue: Issue, root: unknown): DeliveryConfigProblem[] {
  const path = issue.path;
  if (issue.code === "unrecognized_keys") {
    return issue.keys.map((key) => {
      if (path.length === 0) return unknownField(key);
      const where = formatPath([...path, key]);
      return {
        field: where,
        pointer: formatPointer([...path, key]),
        message: `${where} is not an update field; accepted fields: atSeconds, eventId, sequence, taskState.`
      };
    });
  }
  const field = formatPath(path);
  const value = valueAt(root, path);
  return [
    {
      field,
      pointer: formatPointer(path),
      message: `${field} ${rule(issue)} (got ${preview(value)}); accepted: ${acceptedFor(path)}.`
    }
  ];
}

function rule(issue: Issue): string {
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "int") return "must be a whole number";
      if (issue.expected === "number") return "must be a finite number";
      return `must be ${issue.expected === "array" ? "a list" : `a ${issue.expected}`}`;
    case "too_small":
      if (issue.origin === "string") return `must have at least ${String(issue.minimum)} characters`;
      if (issue.origin === "array") return `must have at least ${String(issue.minimum)} items`;
      return `must be at least ${String(issue.minimum)}`;
    case "too_big":
      if (issue.origin === "string") return `must have at most ${String(issue.maximum)} characters`;
      if (issue.origin === "array") return `must have at most ${String(issue.maximum)} items`;
      return `must be at most ${String(issue.maximum)}`;
    case "invalid_value":
      return `must be one of ${issue.values.map((option) => JSON.stringify(option)).join(", ")}`;
    default:
      return "is not valid";
  }
}

function acceptedFor(path: readonly PropertyKey[]): string {
  const top = path[0];
  if (typeof top !== "string" || !isField(top)) return `fields ${fieldList}`;
  if (top === "updates" && path.length >= 3) {
    const leaf = path[path.length - 1];
    return updateFieldAccepted[String(leaf)] ?? deliveryConfigAccepted("updates");
  }
  if (top === "updates" && path.length === 2) return "an object {atSeconds, eventId, sequence, taskState}";
  return deliveryConfigAccepted(top);
}

function formatPath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return wholeConfig;
  let text = "";
  for (const part of path) {
    text += typeof part === "number" ? `[${part}]` : text === "" ? String(part) : `.${String(part)}`;
  }
  return text;
}

/** RFC 6901: "~" is written "~0" and "/" is written "~1" inside a reference token. */
function formatPointer(path: readonly PropertyKey[]): string {
  return path.map((part) => `/${String(part).replace(/~/g, "~0").replace(/\//g, "~1")}`).join("");
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let value: unknown = root;
  for (const part of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = (value as Record<PropertyKey, unknown>)[part];
  }
  return value;
}

/** A short, safe rendering of a rejected value. */
function preview(value: unknown): string {
  if (value === undefined) return "nothing";
  if (typeof value === "number" && !Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return `${value}n`;
  if (typeof value === "function" || typeof value === "symbol") return `a ${typeof value}`;
  if (Array.isArray(value)) return `a list of ${value.length} items`;
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = `a ${typeof value}`;
  }
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}
