/**
 * The playback trace as the simulator records it: one compact step per
 * decision, stored in one growable Float64Array so a run with many updates does
 * not allocate an object and two sentences per step. `trace.ts` turns the
 * steps into the wording of `DeliveryDecision`s when the trace is first read.
 */
export const stepKind = {
  gateAccepted: 0,
  gateRefused: 1,
  blocked: 2,
  configDeleted: 3,
  dispatch: 4,
  suppressed: 5,
  receiverDecided: 6,
  ackLost: 7,
  lateResponse: 8,
  acknowledged: 9,
  refused: 10,
  retryScheduled: 11,
  exhausted: 12
} as const;

export type StepKind = (typeof stepKind)[keyof typeof stepKind];

/** Values stored per step: time, kind, ref, value. */
const fieldsPerStep = 4;

export class TraceSteps {
  // One growable Float64Array: numbers the garbage collector never has to scan or box.
  private data = new Float64Array(64 * fieldsPerStep);
  private count = 0;

  get length(): number {
    return this.count;
  }

  /**
   * `ref` is the index of the attempt (or suppressed attempt, or update for
   * `blocked`) the step is about, -1 for none; `value` is an extra number (for
   * `exhausted`, the update's receiver effects so far).
   */
  add(atSeconds: number, kind: StepKind, ref = -1, value = 0): void {
    let offset = this.count * fieldsPerStep;
    if (offset + fieldsPerStep > this.data.length) {
      const grown = new Float64Array(this.data.length * 2);
      grown.set(this.data);
      this.data = grown;
    }
    const data = this.data;
    data[offset++] = atSeconds;
    data[offset++] = kind;
    data[offset++] = ref;
    data[offset] = value;
    this.count++;
  }

  atSeconds(index: number): number {
    return this.data[index * fieldsPerStep] ?? 0;
  }

  kind(index: number): StepKind {
    return (this.data[index * fieldsPerStep + 1] ?? 0) as StepKind;
  }

  ref(index: number): number {
    return this.data[index * fieldsPerStep + 2] ?? -1;
  }

  value(index: number): number {
    return this.data[index * fieldsPerStep + 3] ?? 0;
  }
}
