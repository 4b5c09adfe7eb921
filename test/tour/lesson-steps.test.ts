// biome-ignore-all lint/suspicious/noExplicitAny: one list holds every lesson, each with its own step and run types
/**
 * Every lesson's guided steps, against the runs they set up: the answer a step reveals is one the
 * reader could have given (a listed choice, a number within the box's bounds) for its own run and
 * for every other step's run, its live check passes on its own run, and its "why" is one sentence.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {partialDeliveryConfig} from "../delivery/arbitraries.js";
import {
  deliveryConfigFromInputs,
  deliveryExperiments,
  deliveryInputDefaults,
  simulateDelivery
} from "../../lib/delivery/index.js";
import {hasMessageStepRequest, messageExample, messageTour, runMessageTransaction} from "../../lib/message/index.js";
import {
  defaultRegistry,
  policyFromInputs,
  selectAgent,
  selectionExperiments,
  selectionInputDefaults
} from "../../lib/selection/index.js";
import {hasStepInputs, type Prediction, type TourStep} from "../../lib/tour/index.js";
import {
  DEMO_OTHER_ENDPOINT_SECRET,
  DEMO_ROTATED_SECRET,
  runWebhookLesson,
  STANDARD_WEBHOOKS_TEST_SECRET,
  webhookExperiments,
  webhookLessonDefaults
} from "../../lib/webhook-auth/index.js";

const SECRETS = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  rotatedSecret: DEMO_ROTATED_SECRET,
  otherEndpointSecret: DEMO_OTHER_ENDPOINT_SECRET,
  eventId: "msg_test0001"
};

function isAnswerable<Run>(prediction: Prediction<Run>, run: Run): boolean {
  if (prediction.kind === "choice") return prediction.choices.some((choice) => choice.value === prediction.answer(run));
  const answer = prediction.answer(run);
  return Number.isInteger(answer) && answer >= 0 && answer <= prediction.max;
}

/** One sentence: ends with a full stop, and no full stop inside is followed by a new sentence. */
const ONE_SENTENCE = /^[^\s].*[.]$/s;
const SENTENCE_BREAK = /[.!?]\s+[A-Z]/;

interface Lesson<Run> {
  name: string;
  steps: readonly TourStep<Run>[];
  runOf: (step: TourStep<Run>) => Promise<Run> | Run;
  /** Whether the lesson's defaults count as the step set up (only a step that changes nothing). */
  isSetUpOnDefaults: (step: TourStep<Run>) => boolean;
}

/**
 * What each step's own run answers, read from the models and the lessons' texts (the "lookAt" of
 * each experiment): a changed model or a mistaken question shows up here, by step.
 */
const EXPECTED_ANSWERS: Readonly<Record<string, number | string>> = {
  // Lesson 1: 4 updates, each retried once after its first 2xx is lost.
  baseline: 4,
  "dedup-off": 8,
  "wrong-credential": 4,
  "task-unchecked": "404",
  "localhost-url": 0,
  "delete-at-3s": 1,
  "long-outage": "exhausted",
  "ordering-off": 1,
  // Lesson 1, real senders: a2a-java calls a 503 delivered; a2a-go holds updates 2-4; the JS SDK drops all four.
  "java-counts-503": "acknowledged",
  "go-holds-next-update": 3,
  "js-aborts-at-5s": 0,
  // Lesson 2.
  notification: 0,
  batch: 3,
  "string-vs-number-id": 2,
  "id-beyond-2-53": "exact",
  "missing-kind": "4",
  // Lesson 3.
  "expire-metadata": "northwind-steady",
  "raise-minimum-observations": "observations",
  "zero-weights": "northwind-brief-writer",
  "streaming-html": 0,
  "trust-tiny-sample": "northwind-newcomer",
  // Lesson 4.
  "reserialized-body": "receiver",
  "secret-not-decoded": "no-matching-signature",
  "wrong-secret": "no-matching-signature",
  "clock-skew": "timestamp-too-old",
  "split-on-comma-rotation": "receiver",
  "missing-prefix": "sender",
  "rotation-without-overlap": "sender",
  "spec-example-retention": 9,
  "one-day-retention": 3,
  "course-policy": 1,
  "sdk-outage": "lost",
  "outage-then-ack": 6,
  "atomic-insert": 0,
  "three-workers": 3,
  "no-event-id": 3,
  "jwt-alg-none": "signature",
  "jwt-hs256-public-key": "signature",
  "jwt-replay": "jwt-id",
  "jwt-long-lifetime": "expiry",
  "jwt-rotated-key": "accepted",
  "jwt-rotated-key-rate-limited": "signature",
  "rotation-unannounced": 11,
  "rotation-refetch": 0,
  "rotation-old-key-withdrawn": 1
};

const lessons: Lesson<any>[] = [
  {
    name: "push delivery",
    steps: deliveryExperiments,
    runOf: (step: any) =>
      simulateDelivery(deliveryConfigFromInputs({...deliveryInputDefaults, ...step.overrides}).config),
    isSetUpOnDefaults: (step: any) => hasStepInputs(deliveryInputDefaults, deliveryInputDefaults, step.overrides)
  },
  {
    name: "message transaction",
    steps: messageTour,
    runOf: (step: any) => runMessageTransaction(messageExample(step.exampleId)!.requestText),
    isSetUpOnDefaults: (step: any) => hasMessageStepRequest(step, messageExample("valid-send")!.requestText)
  },
  {
    name: "agent selection",
    steps: selectionExperiments,
    runOf: (step: any) =>
      selectAgent(defaultRegistry, policyFromInputs({...selectionInputDefaults, ...step.overrides}).policy),
    isSetUpOnDefaults: (step: any) => hasStepInputs(selectionInputDefaults, selectionInputDefaults, step.overrides)
  },
  {
    name: "webhook authentication",
    steps: webhookExperiments,
    runOf: (step: any) => runWebhookLesson({...webhookLessonDefaults, ...step.overrides}, SECRETS),
    isSetUpOnDefaults: (step: any) => hasStepInputs(webhookLessonDefaults, webhookLessonDefaults, step.overrides)
  }
];

describe.each(lessons)("$name: the guided lesson", ({steps, runOf, isSetUpOnDefaults}) => {
  it("has steps with unique ids, each with a question and one sentence on why", () => {
    expect(steps.length).toBeGreaterThanOrEqual(5);
    expect(new Set(steps.map((step) => step.id)).size).toBe(steps.length);
    for (const step of steps) {
      expect(step.prediction.question, step.id).toMatch(/\?$/);
      expect(step.why, step.id).toMatch(ONE_SENTENCE);
      expect(SENTENCE_BREAK.test(step.why), `${step.id}: ${step.why}`).toBe(false);
      if (step.prediction.kind === "choice")
        expect(new Set(step.prediction.choices.map((choice) => choice.value)).size, step.id).toBe(
          step.prediction.choices.length
        );
    }
  });

  it("reveals, for each step's own run, an answer the reader could give, and its live check passes", async () => {
    const runs = await Promise.all(steps.map(runOf));
    steps.forEach((step, index) => {
      expect(isAnswerable(step.prediction, runs[index]), step.id).toBe(true);
      expect(step.shows(runs[index]), step.id).toBe(true);
      expect([step.id, step.prediction.answer(runs[index])]).toEqual([step.id, EXPECTED_ANSWERS[step.id]]);
    });
  });

  it("counts a step set up on the lesson's defaults only when it changes nothing", () => {
    for (const step of steps) {
      const changesNothing =
        "overrides" in step
          ? Object.keys((step as {overrides: object}).overrides).length === 0
          : (step as unknown as {exampleId: string}).exampleId === "valid-send";
      expect(isSetUpOnDefaults(step), step.id).toBe(changesNothing);
    }
  });

  it("reveals an answer the reader could give for every other step's run too (the reader may change inputs)", async () => {
    const runs = await Promise.all(steps.map(runOf));
    for (const step of steps) for (const run of runs) expect(isAnswerable(step.prediction, run), step.id).toBe(true);
  });

  it("asks questions whose answers are not all the same: predicting is not a matter of repeating one answer", async () => {
    const runs = await Promise.all(steps.map(runOf));
    const answers = steps.map((step, index) => JSON.stringify(step.prediction.answer(runs[index])));
    expect(new Set(answers).size).toBeGreaterThan(1);
  });
});

describe("lesson 1's predictions, for any run a reader can make", () => {
  it("reveal an answer the reader could give", () => {
    fc.assert(
      fc.property(partialDeliveryConfig, (config) => {
        const run = simulateDelivery(config);
        for (const step of deliveryExperiments) expect(isAnswerable(step.prediction, run), step.id).toBe(true);
      }),
      {numRuns: 200}
    );
  });
});

describe("a step is set up", () => {
  it("only when every input is the step's: one input changed afterwards and it is not", () => {
    const step = deliveryExperiments.find((experiment) => experiment.id === "dedup-off")!;
    const inputs = {...deliveryInputDefaults, ...step.overrides};
    expect(hasStepInputs(inputs, deliveryInputDefaults, step.overrides)).toBe(true);
    expect(hasStepInputs({...inputs, senderTimeoutSeconds: 9}, deliveryInputDefaults, step.overrides)).toBe(false);
    expect(hasStepInputs(deliveryInputDefaults, deliveryInputDefaults, step.overrides)).toBe(false);
  });

  it("in the message lab, only while the editor holds the example unedited", () => {
    const step = messageTour[0]!;
    const text = messageExample(step.exampleId)!.requestText;
    expect(hasMessageStepRequest(step, text)).toBe(true);
    expect(hasMessageStepRequest(step, `${text} `)).toBe(false);
  });
});
