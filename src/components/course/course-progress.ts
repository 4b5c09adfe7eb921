/**
 * The course's progress on the course home: a map of the lessons, each with its guided steps
 * predicted and a link back to where the reader left off, read from what each lesson's guided
 * lesson keeps in the browser (./tour-record-store.ts). The home page loads no simulator: it reads
 * the lessons' step outlines, written at build time (src/data/course-outline.json.ts), and checks
 * the kept values against them (lib/tour/course-progress.ts). A value that cannot be read is named
 * in a notice and left out; "Forget my progress" removes every lesson's.
 *
 * ```js
 * display(CourseMap(await FileAttachment("./data/course-outline.json").json(), {version}));
 * ```
 */
import {
  continueAt,
  encodeTourPosition,
  parseCourseOutline,
  progressKeys,
  readLessonProgress,
  type LessonProgress,
  type TourPosition
} from "../../../lib/tour/index.js";
import {ForgetProgress} from "./course-forget.js";
import {lessonLink} from "../links/course-links.js";
import {append, element} from "../runtime/dom.js";
import {keptStorage} from "../links/page-address.js";

export interface CourseMapOptions {
  /** The course-wide A2A version the lesson links carry (carryAddressVersion's). */
  version: string;
}

/** The course map: each lesson, its steps predicted, where to continue; a notice for what could not be read; "Forget my progress". */
export function CourseMap(outlineData: unknown, {version}: CourseMapOptions): HTMLElement {
  const outline = parseCourseOutline(outlineData);
  const lessonsPart = element("div", {class: "course-map-body"});
  const draw = () => {
    const lessons = outline.map((lesson) => {
      const keys = progressKeys(lesson.lesson);
      return readLessonProgress(lesson, keptStorage(keys.record).read(), keptStorage(keys.position).read());
    });
    lessonsPart.replaceChildren();
    append(lessonsPart, [
      ProgressNotice(lessons),
      element(
        "ol",
        {class: "course-map-lessons"},
        lessons.map((progress) => LessonRow(progress, version))
      )
    ]);
  };
  draw();
  // The button and its status stay put while the lessons are drawn again: the focus stays on the button.
  return element(
    "section",
    {class: "course-map", "aria-label": "Your progress through the course"},
    lessonsPart,
    ForgetProgress({onForget: draw})
  );
}

function LessonRow(progress: LessonProgress, version: string): HTMLElement {
  const {outline, done} = progress;
  const total = outline.steps.length;
  const started = done > 0 || progress.position !== null;
  const at = continueAt(progress);
  return element(
    "li",
    {class: "course-map-lesson", "data-lesson": outline.slug},
    element("a", {class: "course-map-name", href: lessonLink(`./${outline.slug}`, version)}, outline.name),
    element(
      "span",
      {class: "course-map-done"},
      element("progress", {max: total, value: done, "aria-label": `${outline.name}: steps predicted`}),
      ` ${done} of ${total} ${total === 1 ? "step" : "steps"} predicted`
    ),
    started
      ? element(
          "a",
          {class: "course-map-continue", href: lessonLink(`./${outline.slug}${stepQuery(at)}`, version)},
          ContinueText(progress, at)
        )
      : element(
          "span",
          {class: "course-map-continue course-map-not-started"},
          "Not started: its guided lesson is at the top of the lab."
        )
  );
}

function ContinueText(progress: LessonProgress, at: TourPosition): (string | HTMLElement)[] {
  if (at.kind !== "step") return [at.kind === "recap" ? "Continue at the recap" : "Continue"];
  return [`Continue at step ${at.index + 1}: `, element("bdi", null, progress.outline.steps[at.index]!.title)];
}

function stepQuery(position: TourPosition): string {
  const value = encodeTourPosition(position);
  return value === null ? "" : `?step=${value}`;
}

/** What could not be read back, by lesson; each part names what it is, never what the storage holds raw. */
function ProgressNotice(lessons: readonly LessonProgress[]): HTMLElement | null {
  const unread = lessons.filter((lesson) => lesson.dropped.length > 0);
  if (unread.length === 0) return null;
  return element(
    "div",
    {class: "course-progress-notice", role: "status"},
    element("p", null, "Some of the progress kept in this browser could not be read and is left out:"),
    element(
      "ul",
      null,
      unread.map((lesson) =>
        element(
          "li",
          null,
          `${lesson.outline.name}: `,
          lesson.dropped.flatMap((text, index) => [index > 0 ? "; " : null, element("bdi", null, text)]),
          "."
        )
      )
    ),
    element("p", null, "The rest is used. “Forget my progress” removes it all.")
  );
}
