/**
 * What a guided lesson's parts share: the page's options, the reader's progress and the live
 * run the card reads as it is drawn (./guided-tour.ts keeps it; ./tour-cards.ts draws from it),
 * and what the card's buttons can do.
 */
import type {TourPosition, TourStep} from "../../../lib/tour/index.js";
import type {LabElement} from "../lab.js";
import type {TourRecordStore} from "./tour-record-store.js";

export interface GuidedTourOptions<Run, Inputs, Step extends TourStep<Run>> {
  /** The lesson's name in the card ("push delivery") and in its storage key. */
  lesson: string;
  /** Sets the step's inputs (one click; the link follows as for any input). */
  setUp: (step: Step) => void;
  /** Whether `inputs` are the step's own (otherwise the reveal says the answer is for the reader's run). */
  isSetUp: (step: Step, inputs: Inputs) => boolean;
  /** What the step changes, in the lesson's words ("Receiver ignores seen event ids: off"). */
  describeSetUp: (step: Step) => string;
  /**
   * The lab that shows the step's run (null: the tour's start and recap); the card sits in it and
   * its results wait for the prediction. Undefined while that lab is not on the page yet.
   */
  labFor: (step: Step | null) => LabElement | undefined;
}

export interface Tour<Run, Inputs, Step extends TourStep<Run>> {
  readonly steps: readonly Step[];
  readonly options: GuidedTourOptions<Run, Inputs, Step>;
  /** The card (its data-set-up says the lab has the step's inputs). */
  readonly root: HTMLElement;
  /** The part of the card a move redraws. */
  readonly body: HTMLElement;
  /** The predictions revealed, kept in the tab. */
  readonly store: TourRecordStore;
  position: TourPosition;
  /** The run the page computed last, and its inputs: the live check and the next reveal read it. */
  latest: {run: Run; inputs: Inputs} | null;
  /** The step just set up, until a run with its inputs arrives (a reveal waits for that run). */
  settingUp: string | null;
  /** Steps whose run the reader chose to see before predicting. */
  readonly seenEarly: Set<string>;
  /**
   * A reveal asked for while the lab held other inputs than the step's: the step is set up, and
   * the prediction is scored once the step's own run arrives (never against another step's run).
   */
  pendingReveal: {stepId: string; answer: string} | null;
  /** Refreshed by update(): the parts of the card that follow the live run. */
  refreshLive: () => void;
}

/** What the card's buttons do. */
export interface TourActions<Step> {
  go(to: TourPosition): void;
  /** Sets up the step's inputs, hiding the lab's run until the reader predicts. */
  setUp(step: Step): void;
  /** Reveals the run against the reader's answer; returns what stops it (no answer yet, a run still computed), or null. */
  reveal(step: Step, answer: string | null): string | null;
  /** Forgets the step's prediction and asks again. */
  predictAgain(step: Step): void;
  /** Forgets every prediction and starts at step 1. */
  restart(): void;
}
