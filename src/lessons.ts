/**
 * The course's lessons in reading order: the one list the sidebar (observablehq.config.ts) and
 * the browser tests read. A lesson's page is `src${path}.md`.
 *
 * Framework loads the config with Node (through tsx), so this file imports nothing: the config
 * stays quick to load. Framework re-reads the config when the config file itself changes, so
 * restart `npm run dev` after editing this list.
 */
export interface Lesson {
  /** The sidebar's label. */
  readonly name: string;
  /** The page's address from the site's root, with its leading slash. */
  readonly path: `/${string}`;
}

export const LESSONS = [
  {name: "1. Push delivery", path: "/push-delivery"},
  {name: "2. Message transaction", path: "/message-transaction"},
  {name: "3. Agent selection", path: "/agent-selection"},
  {name: "4. Webhook authentication", path: "/webhook-authentication"},
  {name: "5. Retry storms", path: "/retry-storms"}
] as const satisfies readonly Lesson[];

/** A lesson's page as a test opens it: its path without the leading slash ("push-delivery"). */
export type LessonSlug = SlugOf<(typeof LESSONS)[number]["path"]>;
type SlugOf<Path> = Path extends `/${infer Slug}` ? Slug : never;

/** Every lesson's slug, in reading order. */
export const LESSON_SLUGS: readonly LessonSlug[] = LESSONS.map((lesson) => lesson.path.slice(1) as LessonSlug);
