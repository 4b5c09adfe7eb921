/**
 * What the data loaders beside this file share: each lesson of src/lessons.ts with its guided tour
 * from lib (matched by name: "1. Push delivery" is the tour of "push delivery"). A lesson without a
 * tour, or a tour without a lesson, fails the build, so the course home and the teachers page can
 * never list a lesson the sidebar does not have.
 */
import {readFileSync} from "node:fs";
import {COURSE_TOURS, type CourseTour} from "../../lib/index.js";
import {LESSONS} from "../lessons.js";

export interface CourseLesson {
  slug: string;
  /** The sidebar's name ("1. Push delivery"). */
  name: string;
  tour: CourseTour;
  /** The lesson page's Markdown. */
  markdown(): string;
}

const tourName = (sidebarName: string) => sidebarName.replace(/^\d+\.\s*/, "").toLowerCase();

export function courseLessons(): CourseLesson[] {
  if (LESSONS.length !== COURSE_TOURS.length)
    throw new Error(`src/lessons.ts lists ${LESSONS.length} lessons, lib's COURSE_TOURS ${COURSE_TOURS.length}`);
  return LESSONS.map((lesson, index) => {
    const tour = COURSE_TOURS[index]!;
    if (tourName(lesson.name) !== tour.lesson)
      throw new Error(`lesson ${index + 1}: src/lessons.ts names "${lesson.name}", lib's tour "${tour.lesson}"`);
    const slug = lesson.path.slice(1);
    return {
      slug,
      name: lesson.name,
      tour,
      markdown: () => readFileSync(new URL(`../${slug}.md`, import.meta.url), "utf8")
    };
  });
}
