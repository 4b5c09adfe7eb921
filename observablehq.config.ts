import {existsSync} from "node:fs";
import {LESSONS} from "./src/lessons.js";

const SITE_DESCRIPTION =
  "A2A Workbench: an interactive course on how Agent2Agent (A2A) systems behave, with every lesson computed live by one tested simulator.";

export default {
  title: "A2A Workbench",
  root: "src",
  // The lessons in reading order (src/lessons.ts); a lesson appears in the sidebar once its page exists.
  // After them, pages that are not lessons (the browser tests iterate LESSONS as lessons).
  pages: [
    ...LESSONS.filter((lesson) => existsSync(`src${lesson.path}.md`)),
    {name: "For teachers", path: "/for-teachers"}
  ],
  // The default global stylesheet loads web fonts from another origin; the site is offline.
  globalStylesheets: [],
  style: "style.css",
  // frame-src 'none': a reader's cell runs in a srcdoc frame whose own policy refuses its fetches and
  // loads, but a navigation of that frame is checked against this page's frame-src: without it a cell
  // could reach the network by navigating its frame (src/components/notebook/cell-frame-document.ts;
  // no page frames anything else).
  head: ({data}: {data?: {description?: string}}) =>
    `<link rel="icon" href="./favicon.svg" type="image/svg+xml" sizes="any">\n<meta name="description" content="${escapeAttribute(data?.description ?? SITE_DESCRIPTION)}">\n<meta http-equiv="Content-Security-Policy" content="frame-src 'none'">`,
  footer: "A2A Workbench: a teaching model of A2A mechanics, not an SDK or a conformance validator.",
  search: true,
  pager: true,
  toc: true
};

function escapeAttribute(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}
