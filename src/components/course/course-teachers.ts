/**
 * The teachers page's views: each lesson's answer key (every guided step with its question, the
 * answer its own run gives, why, and what to look at) and the course's time plan. The data is
 * lib's, computed at build time (src/data/answer-key.json.ts): this module only lays it out, and
 * loads no simulator.
 *
 * ```js
 * const key = answerKeyFrom(await FileAttachment("./data/answer-key.json").json());
 * display(LessonAnswerKey(key, "push-delivery", {version}));
 * ```
 */
import type {AnswerKeyStep, LessonTimeEstimate} from "../../../lib/tour/answer-key.js";
import {lessonLink} from "../links/course-links.js";
import {element} from "../runtime/dom.js";

export interface TeachersLesson {
  slug: string;
  name: string;
  proseWords: number;
  time: LessonTimeEstimate;
  steps: AnswerKeyStep[];
}

export interface TeachersAnswerKey {
  minutesPerStep: number;
  wordsReadPerMinute: number;
  lessons: TeachersLesson[];
}

export interface TeachersViewOptions {
  /** The course-wide A2A version the links to a lesson carry. */
  version: string;
}

/**
 * The answer key as the page loads it (JSON written by the build's own loader from lib's
 * types): its shape is checked here, where it enters the page, so a stale file says so.
 */
export function answerKeyFrom(json: unknown): TeachersAnswerKey {
  const key = json as Partial<TeachersAnswerKey> | null;
  const lessons = key?.lessons;
  if (!Array.isArray(lessons) || typeof key?.minutesPerStep !== "number" || typeof key.wordsReadPerMinute !== "number")
    throw new Error("the answer key (src/data/answer-key.json) is not the shape src/data/answer-key.json.ts writes");
  return key as TeachersAnswerKey;
}

function lessonOf(key: TeachersAnswerKey, slug: string): TeachersLesson {
  const lesson = key.lessons.find((one) => one.slug === slug);
  if (!lesson) throw new Error(`the answer key has no lesson ${slug}`);
  return lesson;
}

/** One lesson's time estimate in a sentence, with its basis. */
export function LessonTime(key: TeachersAnswerKey, slug: string): HTMLElement {
  const {time, steps, proseWords} = lessonOf(key, slug);
  return element(
    "p",
    {class: "teachers-time"},
    element("strong", null, `About ${time.minutes} minutes`),
    `: ${steps.length} guided steps at ${key.minutesPerStep} minutes each (${time.stepMinutes} min), and about ${proseWords.toLocaleString("en-US")} words of text read at ${key.wordsReadPerMinute} words a minute (${time.readingMinutes} min), rounded up to 5 minutes.`
  );
}

/** The course's time plan: each lesson's steps, reading time and estimate, and the total. */
export function TimePlan(key: TeachersAnswerKey, {version}: TeachersViewOptions): HTMLElement {
  const total = key.lessons.reduce((sum, lesson) => sum + lesson.time.minutes, 0);
  const row = (cells: (string | Node)[], header = false) =>
    element(
      "tr",
      null,
      cells.map((cell, index) =>
        element(
          header ? "th" : index === 0 ? "th" : "td",
          header ? {scope: "col"} : index === 0 ? {scope: "row"} : null,
          cell
        )
      )
    );
  return element(
    "div",
    {class: "teachers-plan"},
    element(
      "table",
      null,
      element("thead", null, row(["Lesson", "Guided steps", "Reading", "Estimate"], true)),
      element(
        "tbody",
        null,
        key.lessons.map((lesson, index) =>
          row([
            element("a", {href: `#${anchorOf(index + 1, lesson.slug)}`}, lesson.name),
            String(lesson.steps.length),
            `${lesson.time.readingMinutes} min`,
            `${lesson.time.minutes} min`
          ])
        )
      ),
      element(
        "tfoot",
        null,
        row([
          "The whole course",
          String(key.lessons.reduce((sum, lesson) => sum + lesson.steps.length, 0)),
          "",
          `${total} min`
        ])
      )
    ),
    element(
      "p",
      {class: "teachers-plan-links"},
      "Open a lesson: ",
      key.lessons.flatMap((lesson, index) => [
        index > 0 ? " · " : null,
        element("a", {href: lessonLink(`./${lesson.slug}`, version)}, lesson.name)
      ])
    )
  );
}

/** The id Framework gives a lesson's heading on the teachers page, "## Lesson 1: Push delivery": "lesson-1-push-delivery". */
export function anchorOf(number: number, slug: string): string {
  return `lesson-${number}-${slug}`;
}

/** A lesson's answer key: every step in order, as a teacher reads it before class. */
export function LessonAnswerKey(key: TeachersAnswerKey, slug: string, {version}: TeachersViewOptions): HTMLElement {
  const lesson = lessonOf(key, slug);
  return element(
    "ol",
    {class: "answer-key", "aria-label": `${lesson.name}: the answer key`},
    lesson.steps.map((step) => AnswerKeyItem(lesson, step, version))
  );
}

function AnswerKeyItem(lesson: TeachersLesson, step: AnswerKeyStep, version: string): HTMLElement {
  return element(
    "li",
    {class: "answer-key-step", "data-step": step.id},
    element("h3", null, `Step ${step.number}. `, step.title),
    element(
      "p",
      {class: "answer-key-setup"},
      element("strong", null, "Sets: "),
      `${step.setUp}.`,
      step.place ? ` Shown in ${step.place}.` : null
    ),
    element("p", {class: "answer-key-question"}, element("strong", null, "Question: "), step.question),
    step.choices.length > 0
      ? element(
          "ul",
          {class: "answer-key-choices", "aria-label": "The choices offered"},
          step.choices.map((choice) => element("li", null, choice))
        )
      : null,
    element("p", {class: "answer-key-answer"}, element("strong", null, "Answer: "), element("bdi", null, step.answer)),
    element("p", null, element("strong", null, "Why: "), step.why),
    element("p", null, element("strong", null, "Look at: "), step.lookAt),
    element(
      "p",
      {class: "answer-key-open"},
      element(
        "a",
        {href: lessonLink(`./${lesson.slug}?step=${step.number}`, version)},
        `Open step ${step.number} in the lesson`
      )
    )
  );
}
