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
  const reading = readPlanFromAddress(key);
  const order = lessonOrder(reading.plan, key);
  const chosen = new Map(
    order.map((slug) => [slug, new Set(reading.plan.lessons.find((one) => one.slug === slug)?.steps ?? [])])
  );
  let minutes = reading.plan.minutes;
  const plan = (): ClassPlan => ({
    minutes,
    lessons: order.map((slug) => ({slug, steps: [...chosen.get(slug)!].sort((a, b) => a - b)}))
  });

  const total = element("p", {class: "plan-total", "aria-live": "polite"});
  const decks = element("ul", {class: "plan-decks"});
  const handout = element("div", {class: "plan-handout"});
  const lessons = order.map((slug) => LessonChoice(lessonOf(key, slug), chosen.get(slug)!, () => update()));
  const length = ClassLengthField(minutes, (accepted) => {
    minutes = accepted;
    update();
  });

  let first = true;
  function update(): void {
    const current = plan();
    const figures = planMinutes(current);
    showTotal(total, current.minutes, figures.total, figures.left);
    lessons.forEach((lesson, index) => lesson.show(figures.lessons[index]!));
    decks.replaceChildren(...DeckLinks(current, key, version));
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
      length.input,
      " minutes ",
      length.problem
    ),
    total,
    lessons.map((lesson) => lesson.element),
    element("h3", null, "Open the decks"),
    decks,
    PlanActions(),
    handout
  );
}

const lessonOf = (key: TeachersAnswerKey, slug: string) => key.lessons.find((lesson) => lesson.slug === slug)!;

/** The plan in the page's address, or the recommended lessons' core steps in 90 minutes when it holds none. */
function readPlanFromAddress(key: TeachersAnswerKey): ReturnType<typeof readClassPlan> {
  const fallback: ClassPlan = {
    minutes: 90,
    lessons: key.lessons
      .filter((lesson) => RECOMMENDED.includes(lesson.slug))
      .map((lesson) => ({slug: lesson.slug, steps: coreSteps(lesson)}))
  };
  return readClassPlan(
    addressSearch(),
    key.lessons.map((lesson) => ({slug: lesson.slug, stepCount: lesson.steps.length})),
    fallback
  );
}

/** Every lesson has a place in the plan, in the plan's order first: a lesson with no step is left out of the class. */
function lessonOrder(plan: ClassPlan, key: TeachersAnswerKey): string[] {
  return [
    ...plan.lessons.map((lesson) => lesson.slug),
    ...key.lessons.map((lesson) => lesson.slug).filter((slug) => !plan.lessons.some((one) => one.slug === slug))
  ];
}

/**
 * The class's length in minutes. A value outside 10 to MAX_CLASS_MINUTES is named in the problem beside the field
 * and not passed on, so the plan keeps the last accepted length.
 */
function ClassLengthField(
  initialMinutes: number,
  accepted: (minutes: number) => void
): {input: HTMLInputElement; problem: HTMLElement} {
  let minutes = initialMinutes;
  const input = element("input", {
    type: "number",
    min: 10,
    max: MAX_CLASS_MINUTES,
    step: 5,
    value: minutes,
    id: "plan-minutes",
    class: "plan-minutes"
  });
  const problem = element("span", {class: "field-problem", role: "alert"});
  input.addEventListener("input", () => {
    const value = Number(input.value);
    const ok = input.value !== "" && Number.isInteger(value) && value >= 10 && value <= MAX_CLASS_MINUTES;
    problem.textContent = ok
      ? ""
      : `Class length: “${input.value.slice(0, 12)}” is not accepted: it must be a whole number of minutes from 10 to ${MAX_CLASS_MINUTES}. The plan keeps ${minutes}.`;
    if (!ok) return;
    minutes = value;
    accepted(value);
  });
  return {input, problem};
}

/** The minutes planned against the class's length, marked good while the plan fits. */
function showTotal(total: HTMLElement, classMinutes: number, plannedMinutes: number, minutesLeft: number): void {
  total.replaceChildren(
    element("strong", null, `${plannedMinutes} of ${classMinutes} minutes planned`),
    minutesLeft >= 0
      ? `: ${minutesLeft} minutes left for opening the session and questions.`
      : `: ${-minutesLeft} minutes over. Leave a step out, or lengthen the class.`
  );
  total.className = `plan-total ${minutesLeft >= 0 ? "verdict-good" : "verdict-bad"}`;
}

/** A link per planned lesson that opens its deck with exactly the chosen steps. */
function DeckLinks(plan: ClassPlan, key: TeachersAnswerKey, version: string): HTMLElement[] {
  const planned = plan.lessons.filter((lesson) => lesson.steps.length > 0);
  if (planned.length === 0) return [element("li", null, "Choose a step of a lesson to get its deck's link.")];
  return planned.map((lesson) => {
    const steps = lesson.steps.map((index) => index + 1).join(",");
    return element(
      "li",
      null,
      element(
        "a",
        {href: lessonLink(`./${lesson.slug}?present=title&steps=${steps}`, version)},
        `Teach ${lessonOf(key, lesson.slug).name}`
      ),
      ` (steps ${steps.replaceAll(",", ", ")}; ${lessonPlanMinutes(lesson.steps.length)} min)`
    );
  });
}

/** Copy the plan's link (the address is the plan) and print it; the status says what the copy did. */
function PlanActions(): HTMLElement {
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
  return element("p", {class: "plan-actions"}, copy, print, status);
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
