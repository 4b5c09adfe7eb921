/**
 * Where the course's progress is kept in the browser (localStorage), one pair of keys per lesson,
 * named by the tour's lesson name ("push delivery"):
 *
 *   a2a-workbench:guided-lesson:<lesson>           the revealed predictions (record.ts's JSON)
 *   a2a-workbench:guided-lesson-position:<lesson>  the step the reader was on: its id, or "recap"
 *
 * A file of its own, importing nothing: "Forget my progress" needs the prefix and no checks.
 */

/** Every key of the course's progress starts with this: "Forget my progress" removes them all. */
export const PROGRESS_KEY_PREFIX = "a2a-workbench:guided-lesson";

/** The storage keys of one lesson's progress. */
export function progressKeys(lesson: string): {record: string; position: string} {
  return {record: `${PROGRESS_KEY_PREFIX}:${lesson}`, position: `${PROGRESS_KEY_PREFIX}-position:${lesson}`};
}
