/**
 * The course's answer key, for a teacher preparing a class: every lesson's guided steps in order,
 * each with its question, the answer its own run gives (computed here, never written by hand), why,
 * and what to look at. A step's run is computed as its lesson's page computes it when the reader
 * presses "Set up this step": the lesson's defaults with the step's overrides (lesson 2: the step's
 * example request, sent with that example's version). Lesson 4 signs with lib's published test
 * secrets where the page draws fresh ones: its verdicts do not depend on the keys.
 *
 * This module imports every lesson, so it is re-exported from lib/index.ts only, never from
 * lib/tour/index.ts (which the lessons' own modules reach): the course home and a lesson page
 * never load it; a build-time data loader does (src/data/answer-key.json.ts).
 */
import {
  deliveryConfigFromInputs,
  deliveryExperiments,
  deliveryInputDefaults,
  deliveryRunLabel,
  simulateDelivery
} from "../delivery/index.js";
import {exampleVersion, messageExample, messageTour, runMessageTransaction} from "../message/index.js";
import {
  defaultRegistry,
  policyFromInputs,
  selectAgent,
  selectionExperiments,
  selectionInputDefaults,
  selectionRunLabel
} from "../selection/index.js";
import {runStormLesson, stormExperiments, stormLessonDefaults, stormRunLabel} from "../storm/index.js";
import {
  DEMO_OTHER_ENDPOINT_SECRET,
  DEMO_ROTATED_SECRET,
  runWebhookLesson,
  STANDARD_WEBHOOKS_TEST_SECRET,
  webhookExperiments,
  webhookLessonDefaults,
  webhookRunLabel
} from "../webhook-auth/index.js";
import type {RunLabel} from "../lesson-inputs/run-label.js";
import {stepOutline, type StepOutline} from "./course-progress.js";
import {describeAnswer} from "./prediction.js";
import type {TourStep} from "./step.js";

import {coreReason, MINUTES_PER_STEP} from "./class-plan.js";

/** Reading speed of explanatory prose, words per minute (a slow, careful reading: it has figures to look at). */
export const WORDS_READ_PER_MINUTE = 150;
/** Estimates are rounded up to this many minutes: they are plans, not measurements. */
const ROUND_TO_MINUTES = 5;

/** The secrets lesson 4 signs with here (the page draws its own; every verdict is the same). */
const ANSWER_KEY_SECRETS = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  rotatedSecret: DEMO_ROTATED_SECRET,
  otherEndpointSecret: DEMO_OTHER_ENDPOINT_SECRET,
  eventId: "msg_answerkey01"
};

/** A lesson's guided steps, and how its page computes and names a step's run. */
export interface CourseTour<Run = unknown> {
  /** The tour's lesson name, as the page passes it to GuidedTour ("push delivery"): progress is kept under it. */
  lesson: string;
  steps: readonly TourStep<Run>[];
  /** The step's own run, as the page computes it once the step is set up. */
  runOf(step: TourStep<Run>): Run | Promise<Run>;
  /** What the step sets, in the lesson's words (the card's "This step sets: …"). */
  describeSetUp(step: TourStep<Run>): string;
  /** Where on the page the step's run is shown, when the page has more than one lab. */
  placeOf?(step: TourStep<Run>): string;
}

/** A run label as "Sets: …" reads it: the inputs the step changes, or the lesson's defaults. */
const setUpWords = (label: RunLabel) =>
  label.fileLabel === "defaults" ? "nothing: the lesson's defaults" : label.caption;

const overridesOf = (step: unknown) => (step as {overrides: Readonly<Record<string, unknown>>}).overrides;

function tour<Run>(course: CourseTour<Run>): CourseTour {
  return course as unknown as CourseTour;
}

const WEBHOOK_SECTIONS: Readonly<Record<string, string>> = {
  debugger: "section 1, the signature debugger",
  horizon: "section 3, retention versus retry horizon",
  race: "section 4, the race",
  reconcile: "section 5, reconciliation",
  jwt: "section 6, the JWT profile",
  rotation: "section 6, key rotation"
};

/** Every lesson's tour, in the course's reading order. */
export const COURSE_TOURS: readonly CourseTour[] = [
  tour({
    lesson: "push delivery",
    steps: deliveryExperiments,
    runOf: (step) =>
      simulateDelivery(deliveryConfigFromInputs({...deliveryInputDefaults, ...overridesOf(step)}).config),
    describeSetUp: (step) => setUpWords(deliveryRunLabel({...deliveryInputDefaults, ...overridesOf(step)}))
  }),
  tour({
    lesson: "message transaction",
    steps: messageTour,
    runOf: (step) => {
      const example = messageExample((step as (typeof messageTour)[number]).exampleId)!;
      return runMessageTransaction(example.requestText, {version: exampleVersion(example)});
    },
    describeSetUp: (step) => `the example request “${step.title}”`
  }),
  tour({
    lesson: "agent selection",
    steps: selectionExperiments,
    runOf: (step) =>
      selectAgent(defaultRegistry, policyFromInputs({...selectionInputDefaults, ...overridesOf(step)}).policy),
    describeSetUp: (step) => setUpWords(selectionRunLabel({...selectionInputDefaults, ...overridesOf(step)}))
  }),
  tour({
    lesson: "webhook authentication",
    steps: webhookExperiments,
    runOf: (step) => runWebhookLesson({...webhookLessonDefaults, ...overridesOf(step)}, ANSWER_KEY_SECRETS),
    describeSetUp: (step) => setUpWords(webhookRunLabel({...webhookLessonDefaults, ...overridesOf(step)})),
    placeOf: (step) => WEBHOOK_SECTIONS[(step as (typeof webhookExperiments)[number]).section] ?? ""
  }),
  tour({
    lesson: "retry storms",
    steps: stormExperiments,
    runOf: (step) => runStormLesson({...stormLessonDefaults, ...overridesOf(step)}).run,
    describeSetUp: (step) =>
      setUpWords(stormRunLabel({...stormLessonDefaults, ...overridesOf(step)} as typeof stormLessonDefaults))
  })
];

/** One step of the answer key. */
export interface AnswerKeyStep {
  /** 1-based, as the card and the link (`step=<n>`) count. */
  number: number;
  id: string;
  title: string;
  /** What "Set up this step" sets. */
  setUp: string;
  /** Where the step's run is shown, when the page has several labs ("" otherwise). */
  place: string;
  question: string;
  /** The answer the step's own run gives, in the card's words ("8 effects", a choice's label). */
  answer: string;
  /** The choices offered (empty for a number). */
  choices: string[];
  why: string;
  lookAt: string;
  /** Why the step is core to the lesson (class-plan.ts), or null when a class can leave it out. */
  core: string | null;
}

export interface LessonAnswerKey {
  lesson: string;
  steps: AnswerKeyStep[];
}

/** The answer key of one lesson's tour: each step's own run computed, its answer described as the card describes it. */
export async function lessonAnswerKey(course: CourseTour): Promise<LessonAnswerKey> {
  const steps: AnswerKeyStep[] = [];
  for (const [index, step] of course.steps.entries()) {
    const run = await course.runOf(step);
    const {prediction} = step;
    steps.push({
      number: index + 1,
      id: step.id,
      title: step.title,
      setUp: course.describeSetUp(step),
      place: course.placeOf?.(step) ?? "",
      question: prediction.question,
      answer: describeAnswer(prediction, prediction.answer(run)),
      choices: prediction.kind === "choice" ? prediction.choices.map((choice) => choice.label) : [],
      why: step.why,
      lookAt: step.lookAt,
      core: coreReason(course.lesson, step.id)
    });
  }
  return {lesson: course.lesson, steps};
}

/** Every lesson's answer key, in reading order. */
export function courseAnswerKey(tours: readonly CourseTour[] = COURSE_TOURS): Promise<LessonAnswerKey[]> {
  return Promise.all(tours.map(lessonAnswerKey));
}

/** Every lesson's steps as the course home needs them (ids, titles, what an answer box accepts). */
export function courseStepOutlines(
  tours: readonly CourseTour[] = COURSE_TOURS
): {lesson: string; steps: StepOutline[]}[] {
  return tours.map((course) => ({lesson: course.lesson, steps: course.steps.map(stepOutline)}));
}

export interface LessonTimeEstimate {
  minutes: number;
  stepMinutes: number;
  readingMinutes: number;
}

/** A lesson's class time: MINUTES_PER_STEP per guided step plus its prose at WORDS_READ_PER_MINUTE, rounded up to 5 minutes. */
export function estimateLessonMinutes(stepCount: number, proseWords: number): LessonTimeEstimate {
  const stepMinutes = stepCount * MINUTES_PER_STEP;
  const readingMinutes = Math.ceil(proseWords / WORDS_READ_PER_MINUTE);
  return {
    minutes: Math.ceil((stepMinutes + readingMinutes) / ROUND_TO_MINUTES) * ROUND_TO_MINUTES,
    stepMinutes,
    readingMinutes
  };
}

/**
 * The words of a lesson page's prose: its Markdown without front matter, code blocks, HTML tags and
 * link targets. An estimate's input, so a rough count is enough.
 */
export function countProseWords(markdown: string): number {
  const prose = markdown
    .replace(/^---\n[\s\S]*?\n---\n/, "")
    .replace(/```[\s\S]*?```/g, " ")
    .replace(/\$\{[^}]*\}/g, " word ")
    .replace(/<[^>]+>/g, " ")
    .replace(/\]\([^)]*\)/g, "]");
  return prose.match(/[\p{L}\p{N}][\p{L}\p{N}'’.,-]*/gu)?.length ?? 0;
}
