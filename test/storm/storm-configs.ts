/** Generated storm configs for the property tests: small storms over the range of every other input. */
import fc from "fast-check";
import type {StormConfig} from "../../lib/storm/fields.js";
import {STORM_STRATEGIES} from "../../lib/storm/strategy.js";

type FieldArbitraries = {[Field in keyof StormConfig]: fc.Arbitrary<StormConfig[Field]>};

/** Small storms; a test narrows or widens any field with `overrides`. */
export function stormConfigs(overrides: Partial<FieldArbitraries> = {}): fc.Arbitrary<StormConfig> {
  const fields: FieldArbitraries = {
    senders: fc.integer({min: 10, max: 400}),
    updatesPerSender: fc.integer({min: 1, max: 4}),
    capacityPerSecond: fc.integer({min: 1, max: 5_000}),
    receiverUnavailableUntilSeconds: fc.integer({min: 0, max: 20}),
    latencyMs: fc.integer({min: 2, max: 600}),
    strategy: fc.constantFrom(...STORM_STRATEGIES),
    baseMs: fc.integer({min: 1, max: 3_000}),
    capMs: fc.integer({min: 1, max: 30_000}),
    maxAttemptsPerUpdate: fc.integer({min: 1, max: 20}),
    seed: fc.integer({min: 0, max: 2 ** 32 - 1}),
    version: fc.constant("0.3" as const),
    ...overrides
  };
  return fc.record(fields);
}

/** The sum of a typed or plain array of numbers. */
export function sum(values: ArrayLike<number>): number {
  let total = 0;
  for (let index = 0; index < values.length; index++) total += values[index]!;
  return total;
}
