import * as z from "zod/mini";
import {maxEventIdLength, maxUpdateAtSeconds, maxSequence} from "./bounds.js";
import {a2aTaskStates, type A2aTaskState} from "./task-state.js";

/**
 * One status update the agent emits for the lesson's task. `eventId` and
 * `sequence` are application-defined teaching fields, not a mandatory A2A wire
 * schema: A2A leaves the dedup key and ordering to implementers.
 * - atSeconds: modeled time at which the agent emits it (and starts attempt 1);
 * - eventId: the key a deduplicating receiver remembers;
 * - sequence: application-defined order, larger is newer;
 * - taskState: the A2A task state it reports.
 */
export const taskUpdateSchema = z.strictObject({
  atSeconds: z.number().check(z.minimum(0), z.maximum(maxUpdateAtSeconds)),
  // No whitespace or ";": the page's text form separates an update's parts and updates with them,
  // so every id the schema accepts survives formatUpdateList and parseUpdateList unchanged.
  eventId: z.string().check(z.minLength(1), z.maxLength(maxEventIdLength), z.regex(/^[^\s;]+$/)),
  sequence: z.int().check(z.minimum(0), z.maximum(maxSequence)),
  taskState: z.enum(a2aTaskStates)
});

export type TaskUpdate = z.infer<typeof taskUpdateSchema>;

/** The lesson's first update is emitted at 2 s, then one every 10 s. */
export const firstUpdateAtSeconds = 2;
export const updateSpacingSeconds = 10;

/**
 * Four distinct states telling one story: accepted, started, paused for the
 * client's input, finished (the client's reply, which would resume work, is
 * outside this lesson).
 */
const baselineStory: readonly A2aTaskState[] = ["submitted", "working", "input-required", "completed"];

/** The lesson's four updates: 2, 12, 22 and 32 s; sequence 1-4; distinct states. */
export const baselineUpdates: readonly TaskUpdate[] = Object.freeze(
  baselineStory.map((taskState, index) =>
    Object.freeze({
      atSeconds: firstUpdateAtSeconds + index * updateSpacingSeconds,
      eventId: `evt-${index + 1}`,
      sequence: index + 1,
      taskState
    })
  )
);

/**
 * `count` updates spaced like the lesson's (2 s, then every `spacingSeconds`),
 * for scale runs and benchmarks. The first is `submitted`, the last
 * `completed`, and every other one `working`.
 */
export function evenlySpacedUpdates(count: number, spacingSeconds: number = updateSpacingSeconds): TaskUpdate[] {
  const updates: TaskUpdate[] = [];
  for (let index = 0; index < count; index++) {
    const taskState: A2aTaskState = index === count - 1 ? "completed" : index === 0 ? "submitted" : "working";
    updates.push({
      atSeconds: firstUpdateAtSeconds + index * spacingSeconds,
      eventId: `evt-${index + 1}`,
      sequence: index + 1,
      taskState
    });
  }
  return updates;
}
