/**
 * The teachers page's answer key, computed at build time by lib (courseAnswerKey: each step's own
 * run, as the lesson's page computes it), with each lesson's time estimate and its basis.
 */
import {
  countProseWords,
  estimateLessonMinutes,
  lessonAnswerKey,
  MINUTES_PER_STEP,
  WORDS_READ_PER_MINUTE
} from "../../lib/index.js";
import {courseLessons} from "./course-lessons.js";

const lessons = await Promise.all(
  courseLessons().map(async ({slug, name, tour, markdown}) => {
    const key = await lessonAnswerKey(tour);
    const proseWords = countProseWords(markdown());
    return {
      slug,
      name,
      lesson: key.lesson,
      proseWords,
      time: estimateLessonMinutes(key.steps.length, proseWords),
      steps: key.steps
    };
  })
);
process.stdout.write(
  JSON.stringify({minutesPerStep: MINUTES_PER_STEP, wordsReadPerMinute: WORDS_READ_PER_MINUTE, lessons})
);
