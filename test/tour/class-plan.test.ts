/**
 * The class plan (issue #37, item 6): core steps that exist and fit a 90-minute class for lessons 1
 * and 4 together, minutes that add up, and a plan that travels in a link and reads back, whatever
 * the link holds.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {COURSE_TOURS} from "../../lib/tour/answer-key.js";
import {
  CLASS_MINUTES,
  CORE_STEPS,
  encodeClassPlan,
  lessonPlanMinutes,
  MINUTES_PER_STEP,
  OPENING_MINUTES,
  planMinutes,
  readClassPlan,
  RECAP_MINUTES,
  type ClassPlan
} from "../../lib/tour/class-plan.js";

const LESSONS = [
  {slug: "push-delivery", stepCount: 11},
  {slug: "message-transaction", stepCount: 5},
  {slug: "webhook-authentication", stepCount: 24}
];
const FALLBACK: ClassPlan = {minutes: CLASS_MINUTES, lessons: [{slug: "push-delivery", steps: [0, 1]}]};

describe("core steps", () => {
  it("name steps their lesson has, each with a reason", () => {
    for (const [lesson, steps] of Object.entries(CORE_STEPS)) {
      const tour = COURSE_TOURS.find((one) => one.lesson === lesson);
      expect(tour, lesson).toBeDefined();
      for (const [id, reason] of Object.entries(steps)) {
        expect(
          tour!.steps.map((step) => step.id),
          `${lesson}: ${id}`
        ).toContain(id);
        expect(reason.length).toBeGreaterThan(20);
      }
    }
  });

  it("of lessons 1 and 4, the pair the teachers page recommends, fit a 90-minute class", () => {
    const coreOf = (lesson: string) => {
      const tour = COURSE_TOURS.find((one) => one.lesson === lesson)!;
      return tour.steps.flatMap((step, index) => (CORE_STEPS[lesson]![step.id] ? [index] : []));
    };
    const plan: ClassPlan = {
      minutes: 90,
      lessons: [
        {slug: "push-delivery", steps: coreOf("push delivery")},
        {slug: "webhook-authentication", steps: coreOf("webhook authentication")}
      ]
    };
    const minutes = planMinutes(plan);
    expect(minutes.total).toBe(
      2 * (OPENING_MINUTES + RECAP_MINUTES) +
        (plan.lessons[0]!.steps.length + plan.lessons[1]!.steps.length) * MINUTES_PER_STEP
    );
    expect(minutes.total).toBeLessThanOrEqual(90);
    expect(minutes.left).toBe(90 - minutes.total);
  });

  it("a lesson with no step takes no minutes", () => {
    expect(lessonPlanMinutes(0)).toBe(0);
    expect(lessonPlanMinutes(3)).toBe(OPENING_MINUTES + 3 * MINUTES_PER_STEP + RECAP_MINUTES);
  });
});

describe("a plan in a link", () => {
  it("reads back what it wrote, lessons and steps in their order", () => {
    const plan: ClassPlan = {
      minutes: 75,
      lessons: [
        {slug: "webhook-authentication", steps: [3, 0, 12]},
        {slug: "push-delivery", steps: [0]}
      ]
    };
    const link = encodeClassPlan(plan);
    expect(link).toBe("?plan=webhook-authentication:4,1,13;push-delivery:1&minutes=75");
    expect(readClassPlan(link, LESSONS, FALLBACK)).toEqual({plan, notices: []});
  });

  it("without a plan gives the fallback, and names what it cannot use", () => {
    expect(readClassPlan("", LESSONS, FALLBACK)).toEqual({plan: FALLBACK, notices: []});
    const read = readClassPlan("?plan=push-delivery:1,99,1;nowhere:2;<b>&minutes=5", LESSONS, FALLBACK);
    expect(read.plan).toEqual({minutes: CLASS_MINUTES, lessons: [{slug: "push-delivery", steps: [0]}]});
    expect(read.notices.map((notice) => notice.parameter)).toEqual(["minutes", "plan"]);
    expect(read.notices[1]!.value).toBe("push-delivery:99;push-delivery:1;nowhere:2;<b>");
  });

  it("any link is read without throwing, into steps each lesson has, each once", () => {
    fc.assert(
      fc.property(fc.string({maxLength: 300}), fc.string({maxLength: 10}), (plan, minutes) => {
        const read = readClassPlan(`?${new URLSearchParams({plan, minutes})}`, LESSONS, FALLBACK);
        expect(read.plan.minutes).toBeGreaterThanOrEqual(10);
        for (const lesson of read.plan.lessons) {
          const count = LESSONS.find((one) => one.slug === lesson.slug)!.stepCount;
          expect(new Set(lesson.steps).size).toBe(lesson.steps.length);
          for (const step of lesson.steps) expect(step >= 0 && step < count).toBe(true);
        }
      })
    );
  });
});
