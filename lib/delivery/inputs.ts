import {checkInputs, refusal, type RefusedInput} from "../lesson-inputs/check.js";
import type {FieldValues} from "../lesson-inputs/fields.js";
import {baselineDeliveryConfig, type DeliveryConfig} from "./config.js";
import {deliveryInputDefaults, deliveryInputFields, deliveryInputFieldsByName} from "./fields.js";
import {parseDeliveryConfig} from "./parse-config.js";
import {parseUpdateList} from "./update-list.js";

export interface DeliveryConfigFromInputs {
  /** A complete config simulateDelivery accepts: the inputs, each refused one at its baseline value. */
  config: DeliveryConfig;
  /** Every value the run did not use: the input, the value, what is accepted, the fallback. */
  problems: RefusedInput[];
}

/**
 * The lesson state (the panel's values, a link's, an experiment's, anything) to a config the
 * simulator accepts. Every field is checked by its row (checkInputs); the update list arrives
 * as text and is read here. A refused value falls back to its baseline and is reported,
 * never thrown, so the charts never go blank.
 */
export function deliveryConfigFromInputs(values: Readonly<Record<string, unknown>>): DeliveryConfigFromInputs {
  const checked = checkInputs(values, deliveryInputFields, deliveryInputDefaults);
  const problems = [...checked.refused];
  const {updates: updateText, ...scalars} = checked.values as FieldValues & {updates: string};
  let config = {...baselineDeliveryConfig, ...scalars} as DeliveryConfig;
  const parsed = parseUpdateList(updateText);
  if (parsed.ok) config = {...config, updates: parsed.updates};
  else
    problems.push(
      refusal(
        deliveryInputFieldsByName.updates,
        updateText,
        parsed.message,
        `the ${baselineDeliveryConfig.updates.length} baseline updates`
      )
    );
  // What no single row can check: updates x attempts within the simulator's budget.
  const whole = parseDeliveryConfig(config);
  if (!whole.ok) {
    for (const problem of whole.problems) {
      problems.push(
        refusal(deliveryInputFieldsByName.updates, updateText, problem.message, "the baseline updates and attempts")
      );
    }
    config = {
      ...config,
      updates: baselineDeliveryConfig.updates,
      maxAttemptsPerUpdate: baselineDeliveryConfig.maxAttemptsPerUpdate
    };
  }
  return {config, problems};
}
