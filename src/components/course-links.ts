/**
 * The course-wide A2A version travels with the reader: while a lesson's version is not the
 * default, every link to another lesson on the page (the sidebar, the pager, any in the text)
 * carries `version=`, so 1.0 chosen in lesson 1 opens lesson 2 at 1.0; a `version` a link held
 * is replaced by the page's. Links to other pages, and the lesson's own address, are left
 * alone; a copied link still holds only what the reader chose.
 */
// The two modules, not lib/message/index.js: lesson 3's page loads none of lesson 2's schemas.
import {DEFAULT_MESSAGE_VERSION} from "../../lib/message/version.js";
import {VERSION_PARAMETER} from "../../lib/message/version-field.js";

/** The lesson pages, by the last part of their path (observablehq.config.ts LESSONS). */
const LESSON_PAGES = new Set(["push-delivery", "message-transaction", "agent-selection", "webhook-authentication", "retry-storms"]);

export function carryVersionInLinks(version: string, root: ParentNode = document): void {
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = anchor.getAttribute("href")!;
    const url = new URL(href, location.href);
    const page = url.pathname.split("/").pop()?.replace(/\.html$/, "") ?? "";
    if (url.origin !== location.origin || url.pathname === location.pathname || !LESSON_PAGES.has(page)) continue;
    url.searchParams.delete(VERSION_PARAMETER);
    if (version !== DEFAULT_MESSAGE_VERSION) url.searchParams.set(VERSION_PARAMETER, version);
    // The path as the page wrote it (relative, so the site works under any base path), then the new query.
    anchor.setAttribute("href", `${href.split(/[?#]/)[0]}${url.search}${url.hash}`);
  }
}
