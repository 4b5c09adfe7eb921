/**
 * The attempts a receiver keeps: the newest `capacity`, in the order they settled. Older ones are
 * dropped and counted, so memory stays bounded however long the receiver runs and the page can
 * say how many it no longer holds.
 */
import type {LiveAttempt} from "./attempt.js";

export class AttemptLog {
  private readonly kept: LiveAttempt[] = [];
  private droppedCount = 0;

  constructor(readonly capacity: number) {
    if (!(Number.isInteger(capacity) && capacity >= 1))
      throw new RangeError("an attempt log keeps at least one attempt");
  }

  add(attempt: LiveAttempt): void {
    this.kept.push(attempt);
    // Dropping in batches keeps an add O(1) amortised: the array is shifted once per capacity/4 adds.
    if (this.kept.length > this.capacity + Math.ceil(this.capacity / 4))
      this.dropOldest(this.kept.length - this.capacity);
  }

  private dropOldest(count: number): void {
    this.kept.splice(0, count);
    this.droppedCount += count;
  }

  /** The newest `capacity` attempts, oldest first. */
  attempts(): readonly LiveAttempt[] {
    const excess = this.kept.length - this.capacity;
    return excess > 0 ? this.kept.slice(excess) : this.kept;
  }

  /** Attempts no longer kept. */
  get dropped(): number {
    return this.droppedCount + Math.max(0, this.kept.length - this.capacity);
  }

  /** Every attempt ever added. */
  get total(): number {
    return this.droppedCount + this.kept.length;
  }
}
