/**
 * The course-wide A2A version travels with the reader: while a lesson's version is not the
 * default, every link to another lesson or to the course home on the page (the sidebar, the pager,
 * any in the text) carries `version=`, so 1.0 chosen in lesson 1 opens lesson 2 at 1.0; a `version` a link held
 * is replaced by the page's. Links to other pages, and the lesson's own address, are left
 * alone; a copied link still holds only what the reader chose.
 */
// The two modules, not lib/message/index.js: lesson 3's page loads none of lesson 2's schemas.
import {DEFAULT_MESSAGE_VERSION, MESSAGE_VERSIONS, VERSION_PARAMETER} from "../../../lib/shared/message-version.js";
import {LESSON_SLUGS} from "../../lessons.js";
import {addressHref, addressSearch} from "./page-address.js";

/** A URL with its own scheme ("https:", "mailto:"), not relative to the page. */
const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

/** The lesson pages, by the last part of their path. */
const LESSON_PAGES = new Set<string>(LESSON_SLUGS);

/** The version last carried into each root's links: the same version again has nothing to write. */
const carriedVersion = new WeakMap<ParentNode, string>();

/**
 * Carries `version` into the root's links to other lessons and home. A page calls this on every
 * run, and its links are the page's own (the sidebar, the pager, the text), so it writes them only
 * when the version changes; a view that makes a lesson link of its own writes it with lessonLink.
 */
export function carryVersionInLinks(version: string, root: ParentNode = document, here?: URL): void {
  if (carriedVersion.get(root) === version) return;
  carriedVersion.set(root, version);
  const address = here ?? new URL(addressHref());
  for (const anchor of root.querySelectorAll<HTMLAnchorElement>("a[href]")) {
    const href = anchor.getAttribute("href")!;
    // A link within the page (the table of contents) or to another site (the sources a lesson cites) is never to a lesson.
    if (href.startsWith("#") || (ABSOLUTE.test(href) && !href.startsWith(`${address.origin}/`))) continue;
    const carried = carriedHref(href, version, address);
    // Only a link that changes is written: writing the same value still counts as a change of the page.
    if (carried !== null && carried !== href) anchor.setAttribute("href", carried);
  }
}

/** A link to a lesson or home (relative, as the page writes it) carrying `version`: for a view that makes one. */
export function lessonLink(href: string, version: string, here: URL = new URL(addressHref())): string {
  return carriedHref(href, version, here) ?? href;
}

/** `href` with the version in its query, or null when it is not a link to another lesson or home. */
function carriedHref(href: string, version: string, here: URL): string | null {
  const url = new URL(href, here);
  const page =
    url.pathname
      .split("/")
      .pop()
      ?.replace(/\.html$/, "") ?? "";
  // The course home too ("./"): it hands the version on to its own lesson links (carryAddressVersion).
  const home = page === "" || page === "index";
  if (url.origin !== here.origin || url.pathname === here.pathname || !(LESSON_PAGES.has(page) || home)) return null;
  url.searchParams.delete(VERSION_PARAMETER);
  if (version !== DEFAULT_MESSAGE_VERSION) url.searchParams.set(VERSION_PARAMETER, version);
  // The path as the page wrote it (relative, so the site works under any base path), then the new query.
  return `${href.split(/[?#]/)[0]}${url.search}${url.hash}`;
}

/**
 * A page without the version input (the course home): the version its address holds
 * (`?version=1.0`, as a lesson's links carry it here) goes on into its lesson links, so the choice
 * is not lost on the way through the home page. Only a version the course knows is carried (the
 * first, when repeated); anything else leaves the links at the default, as a lesson would fall back.
 * Returns the version carried.
 */
export function carryAddressVersion(search: string = addressSearch(), root: ParentNode = document): string {
  const given = new URLSearchParams(search).get(VERSION_PARAMETER);
  const version = MESSAGE_VERSIONS.find((known) => known === given) ?? DEFAULT_MESSAGE_VERSION;
  carryVersionInLinks(version, root);
  return version;
}
