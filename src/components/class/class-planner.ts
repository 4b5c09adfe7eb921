/**
 * The teachers page's class plan: choose lessons and their steps (core steps marked, with why),
 * watch the minutes add up against the class's length, and take away a link per lesson that opens
 * its deck with exactly those steps (`?present=title&steps=1,3,5`), a link to the plan itself, and
 * a printed plan (one page a lesson: questions, choices, answers, minutes).
 *
 * The plan lives in the page's address (`plan=`, `minutes=`; lib/tour/class-plan.ts reads and
 * writes it), so a plan is shared by its link; without one, the plan is lessons 1 and 4's core
 * steps, the pair the page recommends.
 */
import {
  lessonPlanMinutes,
  MAX_CLASS_MINUTES,
  MINUTES_PER_STEP,
  OPENING_MINUTES,
  planMinutes,
  readClassPlan,
  RECAP_MINUTES,
  withClassPlan,
  type ClassPlan
} from "../../../lib/tour/class-plan.js";
import {PermalinkNotices} from "../controls/control-panel.js";
import {lessonLink} from "../links/course-links.js";
import type {TeachersAnswerKey, TeachersLesson} from "../course/course-teachers.js";
import {element} from "../runtime/dom.js";
import {addressHref, addressSearch, replaceAddressSearch} from "../links/page-address.js";

/** The lessons a plan holds when the link gives none: the pair the teachers page recommends. */
const RECOMMENDED = ["push-delivery", "webhook-authentication"];

const coreSteps = (lesson: TeachersLesson) =>
  lesson.steps.flatMap((step, index) => (step.core === null ? [] : [index]));

export function ClassPlanner(key: TeachersAnswerKey, {version}: {version: string}): HTMLElement {
  const fallback: ClassPlan = {
    minutes: 90,
    lessons: key.lessons
      .filter((lesson) => RECOMMENDED.includes(lesson.slug))
      .map((lesson) => ({slug: lesson.slug, steps: coreSteps(lesson)}))
  };
  const reading = readClassPlan(
    addressSearch(),
    key.lessons.map((lesson) => ({slug: lesson.slug, stepCount: lesson.steps.length})),
    fallback
  );
  // Every lesson has a place in the plan, in the plan's order first: a lesson with no step is left out of the class.
  const order = [
    ...reading.plan.lessons.map((lesson) => lesson.slug),
    ...key.lessons.map((lesson) => lesson.slug).filter((slug) => !reading.plan.lessons.some((one) => one.slug === slug))
  ];
  const chosen = new Map(
    order.map((slug) => [slug, new Set(reading.plan.lessons.find((one) => one.slug === slug)?.steps ?? [])])
  );
  let minutes = reading.plan.minutes;
  const lessonOf = (slug: string) => key.lessons.find((lesson) => lesson.slug === slug)!;
  const plan = (): ClassPlan => ({
    minutes,
    lessons: order.map((slug) => ({slug, steps: [...chosen.get(slug)!].sort((a, b) => a - b)}))
  });

  const total = element("p", {class: "plan-total", "aria-live": "polite"});
  const decks = element("ul", {class: "plan-decks"});
  const handout = element("div", {class: "plan-handout"});
  const lessons = order.map((slug) => LessonChoice(lessonOf(slug), chosen.get(slug)!, () => update()));
  const length = element("input", {
    type: "number",
    min: 10,
    max: MAX_CLASS_MINUTES,
    step: 5,
    value: minutes,
    id: "plan-minutes",
    class: "plan-minutes"
  });
  const lengthProblem = element("span", {class: "field-problem", role: "alert"});
  length.addEventListener("input", () => {
    const value = Number(length.value);
    const ok = length.value !== "" && Number.isInteger(value) && value >= 10 && value <= MAX_CLASS_MINUTES;
    lengthProblem.textContent = ok
      ? ""
      : `Class length: “${length.value.slice(0, 12)}” is not accepted: it must be a whole number of minutes from 10 to ${MAX_CLASS_MINUTES}. The plan keeps ${minutes}.`;
    if (!ok) return;
    minutes = value;
    update();
  });
  const status = element("span", {class: "plan-status", role: "status"});
  const copy = element("button", {type: "button"}, "Copy the plan's link");
  copy.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(addressHref());
      status.textContent = "Link copied.";
    } catch {
      status.textContent = `Copy this link: ${addressHref()}`;
    }
  });
  const print = element("button", {type: "button"}, "Print the plan");
  print.addEventListener("click", () => printPlan());

  let first = true;
  function update(): void {
    const current = plan();
    const figures = planMinutes(current);
    total.replaceChildren(
      element("strong", null, `${figures.total} of ${current.minutes} minutes planned`),
      figures.left >= 0
        ? `: ${figures.left} minutes left for opening the session and questions.`
        : `: ${-figures.left} minutes over. Leave a step out, or lengthen the class.`
    );
    total.className = `plan-total ${figures.left >= 0 ? "verdict-good" : "verdict-bad"}`;
    lessons.forEach((lesson, index) => lesson.show(figures.lessons[index]!));
    const planned = current.lessons.filter((lesson) => lesson.steps.length > 0);
    decks.replaceChildren(
      ...(planned.length === 0
        ? [element("li", null, "Choose a step of a lesson to get its deck's link.")]
        : planned.map((lesson) => {
            const steps = lesson.steps.map((index) => index + 1).join(",");
            return element(
              "li",
              null,
              element(
                "a",
                {href: lessonLink(`./${lesson.slug}?present=title&steps=${steps}`, version)},
                `Teach ${lessonOf(lesson.slug).name}`
              ),
              ` (steps ${steps.replaceAll(",", ", ")}; ${lessonPlanMinutes(lesson.steps.length)} min)`
            );
          }))
    );
    handout.replaceChildren(...PlanHandout(current, key));
    // The address follows the teacher's changes (the link is the plan), not the first drawing.
    if (first) return void (first = false);
    replaceAddressSearch(withClassPlan(addressSearch(), current));
  }
  update();
  return element(
    "section",
    {class: "class-planner", "aria-label": "Class plan"},
    reading.notices.length ? PermalinkNotices(reading.notices) : null,
    element(
      "p",
      {class: "plan-basis"},
      `Each lesson takes ${OPENING_MINUTES} minutes to open, ${MINUTES_PER_STEP} minutes a step (the question, the class's prediction, the reveal and why) and ${RECAP_MINUTES} minutes for its recap. Core steps carry the lesson's argument; each says why.`
    ),
    element(
      "p",
      {class: "plan-length"},
      element("label", {for: "plan-minutes"}, "Class length "),
      length,
      " minutes ",
      lengthProblem
    ),
    total,
    lessons.map((lesson) => lesson.element),
    element("h3", null, "Open the decks"),
    decks,
    element("p", {class: "plan-actions"}, copy, print, status),
    handout
  );
}

/** One lesson's steps to choose from, core steps marked with why, and its minutes. */
function LessonChoice(
  lesson: TeachersLesson,
  chosen: Set<number>,
  changed: () => void
): {element: HTMLElement; show(minutes: number): void} {
  const minutes = element("span", {class: "plan-lesson-minutes"});
  const boxes = lesson.steps.map((step, index) => {
    const box = element("input", {
      type: "checkbox",
      id: `plan-${lesson.slug}-${step.number}`,
      checked: chosen.has(index)
    });
    box.addEventListener("change", () => {
      if (box.checked) chosen.add(index);
      else chosen.delete(index);
      changed();
    });
    return box;
  });
  const choose = (indices: readonly number[]) => () => {
    chosen.clear();
    for (const index of indices) chosen.add(index);
    boxes.forEach((box, index) => (box.checked = chosen.has(index)));
    changed();
  };
  const all = lesson.steps.map((_, index) => index);
  return {
    element: element(
      "fieldset",
      {class: "plan-lesson"},
      element("legend", null, lesson.name, " ", minutes),
      element(
        "p",
        {class: "plan-lesson-actions"},
        element("button", {type: "button", onclick: choose(coreSteps(lesson))}, "Core steps"),
        element("button", {type: "button", onclick: choose(all)}, "Every step"),
        element("button", {type: "button", onclick: choose([])}, "None")
      ),
      element(
        "ol",
        {class: "plan-steps"},
        lesson.steps.map((step, index) =>
          element(
            "li",
            null,
            boxes[index]!,
            element("label", {for: `plan-${lesson.slug}-${step.number}`}, `Step ${step.number}. ${step.title}`),
            step.core === null
              ? null
              : element("span", {class: "plan-core"}, element("strong", null, "core"), `: ${step.core}`)
          )
        )
      )
    ),
    show(count) {
      minutes.textContent = count === 0 ? "(not in the class)" : `(${count} min)`;
    }
  };
}

/** The plan on paper: a page a lesson (two columns), each planned step's question, choices, answer and minutes. */
function PlanHandout(plan: ClassPlan, key: TeachersAnswerKey): HTMLElement[] {
  return plan.lessons
    .filter((lesson) => lesson.steps.length > 0)
    .map((planned) => {
      const lesson = key.lessons.find((one) => one.slug === planned.slug)!;
      return element(
        "section",
        {class: "plan-handout-lesson"},
        element("h2", null, `${lesson.name}: ${lessonPlanMinutes(planned.steps.length)} minutes`),
        element(
          "p",
          null,
          `Opening ${OPENING_MINUTES} min · ${planned.steps.length} steps at ${MINUTES_PER_STEP} min · recap ${RECAP_MINUTES} min.`
        ),
        element(
          "ol",
          null,
          planned.steps.map((index) => {
            const step = lesson.steps[index]!;
            return element(
              "li",
              {class: "plan-handout-step"},
              element("h3", null, `Step ${step.number}. ${step.title} (${MINUTES_PER_STEP} min)`),
              element("p", null, element("strong", null, "Question: "), step.question),
              step.choices.length
                ? element(
                    "p",
                    {class: "plan-handout-choices"},
                    element("strong", null, "Choices: "),
                    step.choices.flatMap((choice, at) => [at > 0 ? " · " : null, element("bdi", null, choice)])
                  )
                : null,
              element("p", null, element("strong", null, "Answer: "), element("bdi", null, step.answer))
            );
          })
        )
      );
    });
}

/** Prints the plan alone (style.css hides the rest of the page while the plan prints). */
function printPlan(): void {
  const root = document.documentElement;
  root.classList.add("printing-plan");
  window.addEventListener("afterprint", () => root.classList.remove("printing-plan"), {once: true});
  window.print();
}
