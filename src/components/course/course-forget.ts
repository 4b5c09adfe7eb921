/**
 * "Forget my progress": removes every lesson's kept predictions and position from this browser
 * (the keys of lib/tour/progress-keys.ts), and says so. On the course map and the teachers page;
 * it imports no check of the progress, so a page that only forgets stays small.
 */
import {PROGRESS_KEY_PREFIX} from "../../../lib/tour/progress-keys.js";
import {element} from "../runtime/dom.js";
import {forgetKeptStorage} from "../links/page-address.js";

export interface ForgetProgressOptions {
  /** Called after the progress is removed (the course map draws itself again). */
  onForget?: () => void;
}

/** "Forget my progress": removes every lesson's predictions and position from this browser, and says so. */
export function ForgetProgress({onForget}: ForgetProgressOptions = {}): HTMLElement {
  const status = element("span", {class: "course-forget-status", role: "status"});
  const button = element("button", {type: "button", class: "course-forget"}, "Forget my progress");
  button.addEventListener("click", () => {
    const removed = forgetKeptStorage(PROGRESS_KEY_PREFIX);
    onForget?.();
    status.textContent =
      removed > 0
        ? "Your progress is forgotten: every lesson's predictions and where you left off are removed from this browser."
        : "There was no progress kept in this browser to forget.";
  });
  return element("div", {class: "course-forget-row"}, button, status);
}
