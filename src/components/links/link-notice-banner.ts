/**
 * A link with values a lesson could not use is reported where its inputs are (the control panel's
 * notice, in the lab). A reader who opened the link sees the top of the page, and a lab may be
 * screens further down: so when that notice is not on screen once the page has loaded, a short line
 * at the top of the page says how many values were refused and links to the full notice.
 * Text only: the values themselves are named in the notice, not here.
 */
import {element} from "../runtime/dom.js";

export const LINK_NOTICE_ID = "link-notice";
const BANNER_CLASS = "link-notice-banner";

/** The control panel's notice of refused link values, if the page has one. */
function linkNotice(root: ParentNode): HTMLElement | null {
  return root.querySelector<HTMLElement>(".control-panel > .permalink-notices");
}

function onScreen(node: Element): boolean {
  const rect = node.getBoundingClientRect();
  return rect.height > 0 && rect.top >= 0 && rect.top < innerHeight;
}

/**
 * Shows the line when the page's link notice is off screen; returns it (null when there is no
 * notice, it is on screen, or the line is already there).
 */
export function announceLinkNotice(root: Document = document): HTMLElement | null {
  const notice = linkNotice(root);
  if (notice === null || root.querySelector(`.${BANNER_CLASS}`) !== null || onScreen(notice)) return null;
  const count = notice.querySelectorAll("li").length;
  if (count === 0) return null;
  if (!notice.id) notice.id = LINK_NOTICE_ID;
  const inLab = notice.closest(".lab") !== null;
  const banner = element(
    "p",
    {class: BANNER_CLASS, role: "status"},
    `This link had ${count === 1 ? "a value" : `${count} values`} the lesson could not use; ${count === 1 ? "it falls" : "each falls"} back to its default. `,
    element("a", {href: `#${notice.id}`}, inLab ? "Read the notice in the lab" : "Read the notice by the inputs"),
    "."
  );
  const main = root.querySelector("#observablehq-main") ?? root.body;
  const title = main.querySelector("h1");
  if (title) title.after(banner);
  else main.prepend(banner);
  return banner;
}

let scheduled = false;

/**
 * Once per page, after it has loaded and laid out its first frames (a lab calls it, so every lesson
 * does): the check above.
 */
export function announceLinkNoticeOnLoad(): void {
  if (scheduled || typeof requestAnimationFrame !== "function") return;
  scheduled = true;
  const check = () => requestAnimationFrame(() => requestAnimationFrame(() => announceLinkNotice()));
  if (document.readyState === "complete") check();
  else addEventListener("load", check, {once: true});
}
