import type {FieldValues} from "../lesson-inputs/fields.js";
import {baselineDeliveryConfig, type DeliveryConfig} from "./config.js";
import {deliveryFieldsByName} from "./fields.js";
import {parseUpdateList} from "./update-list.js";

/** A panel or permalink value the simulator cannot take, and what the run used instead. */
export interface DeliveryInputProblem {
  /** The config field (also the permalink parameter). */
  field: "updates";
  /** Which update, which part, the rule, what is accepted, and the fallback. */
  message: string;
}

export interface DeliveryConfigFromInputs {
  /** A partial config for simulateDelivery: the inputs, with a refused update list left at the baseline. */
  config: Partial<DeliveryConfig>;
  problems: DeliveryInputProblem[];
}

/**
 * The control panel and the permalink reader check kinds and ranges; the update list arrives
 * as text and is read here. A list that cannot be read falls back to the lesson's four
 * updates, and says so, rather than leaving the charts blank.
 */
export function deliveryConfigFromInputs(values: Readonly<FieldValues>): DeliveryConfigFromInputs {
  const {updates: updateText, ...scalars} = values;
  const config = scalars as Partial<DeliveryConfig>;
  if (typeof updateText !== "string") return {config, problems: []};
  const parsed = parseUpdateList(updateText);
  if (parsed.ok) return {config: {...config, updates: parsed.updates}, problems: []};
  const fallback = `${baselineDeliveryConfig.updates.length} baseline updates`;
  return {config, problems: [{field: "updates", message: `${deliveryFieldsByName.updates.label}: ${parsed.message} The run uses the ${fallback} instead.`}]};
}
