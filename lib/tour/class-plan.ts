/**
 * A class plan: which lessons a class meets, which of their guided steps, and whether the minutes
 * fit the class. A teacher makes one on the teachers page; each lesson's deck then opens with
 * exactly those steps (`steps=` in its link, position.ts) and its speaker notes pace the slides
 * against the plan's minutes.
 *
 * The minutes are a plan, not a measurement: OPENING_MINUTES for a lesson's title slide (set the
 * scene), MINUTES_PER_STEP per step (read the question, predict, reveal, discuss why), and
 * RECAP_MINUTES for its recap. Core steps carry the lesson's argument; each says why it is core.
 */
import type {PermalinkNotice} from "../lesson-inputs/permalink.js";
import {shownValue as shorten} from "../text/visible-text.js";

/** Minutes a class spends on one step: read the question, predict (alone or in pairs), reveal, discuss why. */
export const MINUTES_PER_STEP = 4;
/** Minutes for a lesson's title slide: what the lesson is about and what the lab shows. */
export const OPENING_MINUTES = 5;
/** Minutes for a lesson's recap: the class's answers against the runs. */
export const RECAP_MINUTES = 3;
/** The class a plan is made for, unless the teacher says otherwise. */
export const CLASS_MINUTES = 90;
/** The longest class a plan accepts (a day's workshop). */
export const MAX_CLASS_MINUTES = 8 * 60;

/**
 * The steps each lesson cannot do without, by the tour's lesson name and step id, with the reason.
 * Lessons 1 and 4's core steps fit a 90-minute class together (76 minutes).
 */
export const CORE_STEPS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  "push delivery": {
    baseline: "The lesson's premise: at-least-once delivery sends duplicates, and deduplication absorbs them.",
    "dedup-off": "The same run without deduplication: the duplicate effects a receiver must prevent.",
    "wrong-credential": "A permanent refusal is not retried: 4xx and 5xx mean different things to a sender.",
    "long-outage": 'A sender\'s retry budget runs out: what "exhausted" does and does not mean.',
    "ordering-off": "Retries arrive out of order: a receiver that applies them blindly moves backwards.",
    "js-aborts-at-5s": "A real SDK's sender: its timeout, not the receiver, decides what counts as delivered."
  },
  "message transaction": {
    notification: "JSON-RPC's notification: a request that gets no answer at all.",
    batch: "A batch answers per element, and notifications drop out of it.",
    "id-beyond-2-53": "An id JavaScript cannot hold exactly: why ids should be strings."
  },
  "agent selection": {
    "expire-metadata": "Hard gates first: stale metadata removes an agent before any score.",
    "zero-weights": "Ranking without weights: ties and how they are broken.",
    "trust-tiny-sample": "Evidence: a perfect score on a tiny sample wins when the gate is dropped."
  },
  "webhook authentication": {
    "reserialized-body": "A signature covers exact bytes: re-serialized JSON does not verify.",
    "clock-skew": "The timestamp window: a receiver's clock can refuse a valid request.",
    "rotation-without-overlap": "Secret rotation needs an overlap, or deliveries in flight fail.",
    "spec-example-retention": "Dedup retention shorter than the retry horizon applies an event twice.",
    "three-workers": "Check-then-act across an await applies concurrent copies more than once.",
    "atomic-insert": "The fix: an atomic insert-if-absent before the effect.",
    "jwt-alg-none": "Never let the token choose its algorithm: alg none is refused by the signature check.",
    "jwt-replay": "A jti is a replay key per token: a captured request sent again is refused.",
    "rotation-refetch": "Key rotation: refetch the key set once on an unknown kid."
  },
  "retry storms": {
    herd: "Exponential backoff without jitter: the herd comes back together.",
    "full-jitter": "Full jitter spreads the herd: AWS's result reproduced.",
    "cap-too-small": "A cap too small for the outage gives updates up."
  }
};

/** Why a step is core, or null when it is not. */
export function coreReason(lesson: string, stepId: string): string | null {
  return CORE_STEPS[lesson]?.[stepId] ?? null;
}

/** The minutes a lesson's deck takes with `stepCount` steps (nothing when it has none). */
export function lessonPlanMinutes(stepCount: number): number {
  return stepCount === 0 ? 0 : OPENING_MINUTES + stepCount * MINUTES_PER_STEP + RECAP_MINUTES;
}

/** The planned minutes of one slide of a deck: its title, a step, or its recap. */
export function slidePlanMinutes(kind: "start" | "step" | "recap"): number {
  return kind === "start" ? OPENING_MINUTES : kind === "step" ? MINUTES_PER_STEP : RECAP_MINUTES;
}

/** One lesson of a plan: its page's slug and the step indices it shows, in order. */
export interface PlannedLesson {
  slug: string;
  steps: number[];
}

export interface ClassPlan {
  minutes: number;
  lessons: PlannedLesson[];
}

/** What the plan reader needs to know of each lesson: its slug and its step count. */
export interface PlanLesson {
  slug: string;
  stepCount: number;
}

export const PLAN_PARAMETER = "plan";
export const CLASS_MINUTES_PARAMETER = "minutes";

/**
 * A plan from a link: `plan=push-delivery:1,3,5;webhook-authentication:2` (lessons in the class's
 * order, 1-based step numbers) and `minutes=90`. Whatever names no lesson or step is left out with
 * a notice; a link without `plan` gives `fallback`.
 */
export function readClassPlan(
  search: string,
  lessons: readonly PlanLesson[],
  fallback: ClassPlan
): {plan: ClassPlan; notices: PermalinkNotice[]} {
  const params = new URLSearchParams(search);
  const notices: PermalinkNotice[] = [];
  const minutes = readMinutes(params.get(CLASS_MINUTES_PARAMETER), fallback.minutes, notices);
  const value = params.get(PLAN_PARAMETER);
  if (value === null) return {plan: {...fallback, minutes}, notices};
  const planned: PlannedLesson[] = [];
  const refused: string[] = [];
  for (const part of value.split(";").slice(0, lessons.length * 2)) {
    const [slug = "", list = ""] = part.split(":");
    const lesson = lessons.find((one) => one.slug === slug);
    if (!lesson || planned.some((one) => one.slug === slug)) {
      if (part !== "") refused.push(part);
      continue;
    }
    const steps: number[] = [];
    for (const item of list.split(",").slice(0, lesson.stepCount * 2)) {
      const number = /^\d{1,3}$/.test(item) ? Number(item) : NaN;
      if (number >= 1 && number <= lesson.stepCount && !steps.includes(number - 1)) steps.push(number - 1);
      else if (item !== "") refused.push(`${slug}:${item}`);
    }
    planned.push({slug, steps});
  }
  if (refused.length > 0) {
    notices.push({
      parameter: PLAN_PARAMETER,
      value: shorten(refused.join(";")),
      problem: `left out: a plan lists lessons (${lessons.map((one) => one.slug).join(", ")}) each once, as lesson:step,step, separated by ";"`
    });
  }
  return {plan: {minutes, lessons: planned}, notices};
}

function readMinutes(value: string | null, fallback: number, notices: PermalinkNotice[]): number {
  if (value === null) return fallback;
  const minutes = /^\d{1,4}$/.test(value) ? Number(value) : NaN;
  if (minutes >= 10 && minutes <= MAX_CLASS_MINUTES) return minutes;
  notices.push({
    parameter: CLASS_MINUTES_PARAMETER,
    value: shorten(value),
    problem: `must be a whole number of minutes from 10 to ${MAX_CLASS_MINUTES}; the plan uses ${fallback}`
  });
  return fallback;
}

/** The link's `plan` and `minutes` values of a plan. */
export function encodeClassPlan(plan: ClassPlan): string {
  return withClassPlan("", plan);
}

/** `search` with the plan's `plan` and `minutes` set, other parameters as they were; ":", "," and ";" kept readable. */
export function withClassPlan(search: string, plan: ClassPlan): string {
  const params = new URLSearchParams(search);
  params.set(
    PLAN_PARAMETER,
    plan.lessons
      .filter((lesson) => lesson.steps.length > 0)
      .map((lesson) => `${lesson.slug}:${lesson.steps.map((index) => index + 1).join(",")}`)
      .join(";")
  );
  params.set(CLASS_MINUTES_PARAMETER, String(plan.minutes));
  return `?${params.toString().replaceAll("%3A", ":").replaceAll("%2C", ",").replaceAll("%3B", ";")}`;
}

/** The plan's minutes: each lesson's, and the whole class's against its length. */
export function planMinutes(plan: ClassPlan): {lessons: number[]; total: number; left: number} {
  const lessons = plan.lessons.map((lesson) => lessonPlanMinutes(lesson.steps.length));
  const total = lessons.reduce((sum, minutes) => sum + minutes, 0);
  return {lessons, total, left: plan.minutes - total};
}
