/**
 * The course home's data, written at build time: each lesson's slug, name and guided steps (id,
 * title, what its answer box accepts), so the home page can read the progress kept in the browser
 * without loading any lesson's simulator. Read with lib's parseCourseOutline.
 */
import {stepOutline, type LessonOutline} from "../../lib/index.js";
import {courseLessons} from "./course-lessons.js";

const outline: LessonOutline[] = courseLessons().map(({slug, name, tour}) => ({
  slug,
  name,
  lesson: tour.lesson,
  steps: tour.steps.map(stepOutline)
}));
process.stdout.write(JSON.stringify(outline));
