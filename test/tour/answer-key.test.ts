/**
 * The teachers page's answer key (issue #25 item 6): every step's answer is the one its own run
 * gives, computed by lib as the lesson's page computes the run, never written down; the lessons are
 * the sidebar's, in its order; and a lesson's time estimate follows its stated basis.
 */
import {readFileSync} from "node:fs";
import {describe, expect, it} from "vitest";
import {
  COURSE_TOURS,
  countProseWords,
  courseAnswerKey,
  deliveryConfigFromInputs,
  deliveryExperiments,
  deliveryInputDefaults,
  describeAnswer,
  estimateLessonMinutes,
  lessonAnswerKey,
  MINUTES_PER_STEP,
  runStormLesson,
  simulateDelivery,
  stormExperiments,
  stormLessonDefaults,
  WORDS_READ_PER_MINUTE,
  type CourseTour,
  type TourStep
} from "../../lib/index.js";
import {courseLessons} from "../../src/data/course-lessons.js";
import {LESSONS} from "../../src/lessons.js";

describe("the answer key", () => {
  it("has every lesson's steps in order, each with its question, why and what to look at", async () => {
    const key = await courseAnswerKey();
    expect(key.map((lesson) => lesson.lesson)).toEqual(COURSE_TOURS.map((tour) => tour.lesson));
    key.forEach((lesson, index) => {
      const tour = COURSE_TOURS[index]!;
      expect(lesson.steps.map((step) => step.id)).toEqual(tour.steps.map((step) => step.id));
      lesson.steps.forEach((step, stepIndex) => {
        const source = tour.steps[stepIndex]!;
        expect(step).toMatchObject({
          number: stepIndex + 1,
          title: source.title,
          question: source.prediction.question,
          why: source.why,
          lookAt: source.lookAt
        });
        expect(step.setUp.length, step.id).toBeGreaterThan(0);
      });
    });
  });

  it("gives each step the answer of its own run, computed as the page computes it", async () => {
    const [delivery] = await courseAnswerKey([COURSE_TOURS[0]!]);
    deliveryExperiments.forEach((step, index) => {
      const run = simulateDelivery(deliveryConfigFromInputs({...deliveryInputDefaults, ...step.overrides}).config);
      expect(delivery!.steps[index]!.answer, step.id).toBe(
        describeAnswer(step.prediction, step.prediction.answer(run))
      );
    });
    const storms = await lessonAnswerKey(COURSE_TOURS.find((tour) => tour.lesson === "retry storms")!);
    stormExperiments.forEach((step, index) => {
      const run = runStormLesson({...stormLessonDefaults, ...step.overrides}).run;
      expect(storms.steps[index]!.answer, step.id).toBe(describeAnswer(step.prediction, step.prediction.answer(run)));
    });
  });

  it("names a few answers a teacher can check against the lessons' texts (lesson-steps.test.ts holds them all)", async () => {
    const key = await courseAnswerKey();
    const answerOf = (id: string) => key.flatMap((lesson) => lesson.steps).find((step) => step.id === id)?.answer;
    expect(answerOf("baseline")).toBe("4 effects");
    expect(answerOf("dedup-off")).toBe("8 effects");
    expect(answerOf("notification")).toBe("0 responses");
    expect(answerOf("wrong-secret")).toBe("No signature matches");
    expect(answerOf("three-workers")).toBe("3 effects");
  });

  it("reads the answer from the run, whatever the run says (lesson 4's runs are awaited)", async () => {
    const step: TourStep<number> = {
      id: "n",
      title: "N",
      lookAt: "",
      why: "",
      shows: () => true,
      prediction: {kind: "number", question: "How many?", units: ["thing", "things"], max: 10, answer: (run) => run}
    };
    const tour = (run: number): CourseTour => ({
      lesson: "test",
      steps: [step] as TourStep<unknown>[],
      runOf: async () => run,
      describeSetUp: () => "x"
    });
    expect((await lessonAnswerKey(tour(1))).steps[0]!.answer).toBe("1 thing");
    expect((await lessonAnswerKey(tour(7))).steps[0]!.answer).toBe("7 things");
  });

  it("says what a step sets in the lesson's words, and where the page has several labs", async () => {
    const key = await courseAnswerKey();
    expect(key[0]!.steps[0]!.setUp).toBe("nothing: the lesson's defaults");
    expect(key[0]!.steps[1]!.setUp).toBe("Receiver ignores seen event ids: off");
    const webhook = key.find((lesson) => lesson.lesson === "webhook authentication")!;
    expect(webhook.steps.every((step) => step.place.startsWith("section "))).toBe(true);
    expect(
      key.filter((lesson) => lesson !== webhook).every((lesson) => lesson.steps.every((step) => step.place === ""))
    ).toBe(true);
  });
});

describe("the course's lessons", () => {
  it("are the sidebar's lessons, in its order, each with its tour", () => {
    expect(courseLessons().map((lesson) => lesson.slug)).toEqual(LESSONS.map((lesson) => lesson.path.slice(1)));
    expect(courseLessons().map((lesson) => lesson.tour.lesson)).toEqual([
      "push delivery",
      "message transaction",
      "agent selection",
      "webhook authentication",
      "retry storms"
    ]);
  });
});

describe("a lesson's time estimate", () => {
  it("is minutes per step plus the reading time, rounded up to 5 minutes", () => {
    expect([MINUTES_PER_STEP, WORDS_READ_PER_MINUTE]).toEqual([4, 150]);
    // 5 steps × 4 min = 20, 1,500 words / 150 a minute = 10: 30 minutes; one more word reads in 11, rounded up to 35.
    expect(estimateLessonMinutes(5, 1500)).toEqual({minutes: 30, stepMinutes: 20, readingMinutes: 10});
    expect(estimateLessonMinutes(5, 1501)).toEqual({minutes: 35, stepMinutes: 20, readingMinutes: 11});
    expect(estimateLessonMinutes(0, 0).minutes).toBe(0);
    expect(estimateLessonMinutes(1, 1).minutes % 5).toBe(0);
  });

  it("counts the prose of a page, not its code, markup or link targets", () => {
    const page =
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a page with a Framework expression, as text
      '---\ntitle: x\n---\n\n# Two words\n\n```js\nconst a = b + c;\n```\n\n<p class="note">Three more words</p> [a link](https://example.com/long/path) ${x}.';
    expect(countProseWords(page)).toBe(2 + 3 + 2 + 1);
    expect(countProseWords(readFileSync("src/push-delivery.md", "utf8"))).toBeGreaterThan(500);
  });
});
