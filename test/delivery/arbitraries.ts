import fc from "fast-check";
import {a2aTaskStates, baselineUpdates, type DeliveryConfig, type TaskUpdate} from "../../lib/delivery/index.js";

/**
 * Random partial delivery configs. Ranges are chosen so runs interact: close
 * emission times (often the same instant), a small pool of event ids (so ids
 * collide), outages and deletions inside the run, delays around the timeout.
 */
const halfSeconds = (max: number) => fc.integer({min: 0, max: max * 2}).map((half) => half / 2);

const update: fc.Arbitrary<TaskUpdate> = fc.record({
  atSeconds: halfSeconds(40),
  eventId: fc.constantFrom("evt-1", "evt-2", "evt-3", "evt-4", "evt-5"),
  sequence: fc.integer({min: 0, max: 6}),
  taskState: fc.constantFrom(...a2aTaskStates)
});

export const partialDeliveryConfig: fc.Arbitrary<Partial<DeliveryConfig>> = fc.record(
  {
    callbackUrl: fc.oneof(
      {weight: 6, arbitrary: fc.constant("https://receiver.example/hook")},
      {
        weight: 1,
        arbitrary: fc.constantFrom("https://localhost/hook", "https://10.0.0.7/hook", "https://receiver.example/hook/")
      },
      {weight: 1, arbitrary: fc.string({maxLength: 40})}
    ),
    agentAdvertisesPush: fc.oneof(
      {weight: 6, arbitrary: fc.constant(true)},
      {weight: 1, arbitrary: fc.constant(false)}
    ),
    credential: fc.oneof(
      {weight: 6, arbitrary: fc.constant("matched" as const)},
      {weight: 1, arbitrary: fc.constantFrom("wrong" as const, "missing" as const)}
    ),
    payloadNamesExpectedTask: fc.oneof(
      {weight: 6, arbitrary: fc.constant(true)},
      {weight: 1, arbitrary: fc.constant(false)}
    ),
    responseDelaySeconds: halfSeconds(8),
    senderTimeoutSeconds: halfSeconds(8),
    receiverUnavailableUntilSeconds: fc.oneof(fc.constant(0), halfSeconds(80)),
    maxAttemptsPerUpdate: fc.oneof(fc.integer({min: 1, max: 8}), fc.constant(20)),
    initialBackoffSeconds: halfSeconds(6),
    loseFirstSuccessfulAck: fc.boolean(),
    ignoreSeenEventIds: fc.boolean(),
    ignoreOlderSequence: fc.boolean(),
    deleteConfigAtSeconds: fc.option(halfSeconds(60), {nil: null}),
    updates: fc.oneof(fc.constant(baselineUpdates), fc.array(update, {maxLength: 8}))
  },
  {requiredKeys: []}
);
