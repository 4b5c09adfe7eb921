import {existsSync} from "node:fs";

const SITE_DESCRIPTION =
  "A2A Workbench: an interactive course on how Agent2Agent (A2A) systems behave, with every lesson computed live by one tested simulator.";

/** The lessons in reading order; a lesson appears in the sidebar once its page exists. */
const LESSONS = [
  {name: "1. Push delivery", path: "/push-delivery"},
  {name: "2. Message transaction", path: "/message-transaction"},
  {name: "3. Agent selection", path: "/agent-selection"},
  {name: "4. Webhook authentication", path: "/webhook-authentication"},
  {name: "5. Retry storms", path: "/retry-storms"}
];

export default {
  title: "A2A Workbench",
  root: "src",
  pages: LESSONS.filter((lesson) => existsSync(`src${lesson.path}.md`)),
  // The default global stylesheet loads web fonts from another origin; the site is offline.
  globalStylesheets: [],
  style: "style.css",
  head: ({data}: {data?: {description?: string}}) =>
    `<link rel="icon" href="./favicon.svg" type="image/svg+xml" sizes="any">\n<meta name="description" content="${escapeAttribute(data?.description ?? SITE_DESCRIPTION)}">`,
  footer: "A2A Workbench: a teaching model of A2A mechanics, not an SDK or a conformance validator.",
  search: true,
  pager: true,
  toc: true
};

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
