/**
 * One step of a lesson's computed history. Every lesson turns its inputs into a
 * complete, bounded list of decisions; playback only chooses how many to reveal.
 */
export interface Decision {
  /** Modeled time of the simulated world, in seconds (a stage index where a lesson has no clock). */
  atSeconds: number;
  /** What happened, in a few words ("Attempt 2 of update 1 arrives"). */
  title: string;
  /** Why, in a sentence a reader can check against the policy. */
  detail: string;
  /** A lesson-defined category used for styling and filtering ("dispatch", "gate", ...). */
  kind: string;
}
