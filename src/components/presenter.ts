/**
 * A presenter view for a chart: the chart (in a lab, its whole stage: the chart, its playback
 * and its trace) moved into a full-screen 16:9 dialog with large type, so a teacher can step
 * through a run in front of a class. The views keep updating while they are shown there: the
 * very nodes move, and move back when the dialog closes (Esc, or "Leave").
 *
 * Keys while presenting: Space plays or pauses, → is Next, Home restarts (the playback's own
 * keys, handed to it wherever the focus is), Esc leaves.
 */
import {element} from "./dom.js";

/** Marks the element a Present button inside it should present (a lab's stage); without one, the chart itself. */
export const PRESENT_SCOPE_ATTRIBUTE = "data-present-scope";
const PLAYBACK_KEYS = new Set([" ", "ArrowRight", "Home"]);

export function present(from: Element, title: string): HTMLDialogElement {
  const target = (from.closest(`[${PRESENT_SCOPE_ATTRIBUTE}]`) ?? from.closest(".exportable-chart") ?? from) as HTMLElement;
  const placeholder = document.createComment("presented");
  const leave = element("button", {type: "button", class: "presenter-leave"}, "Leave (Esc)");
  const body = element("div", {class: "presenter-body"});
  const dialog = element(
    "dialog",
    {class: "presenter", "aria-label": `Presenting: ${title}`},
    element("div", {class: "presenter-head"}, element("h2", null, title), element("span", {class: "presenter-keys"}, "Space play/pause · → next · Home restart"), leave),
    body
  );
  target.replaceWith(placeholder);
  body.appendChild(target);
  document.body.appendChild(dialog);
  leave.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    const playback = body.querySelector(".playback");
    // The playback handles its own keys when focus is inside it; elsewhere in the dialog, hand them over.
    if (!playback || !PLAYBACK_KEYS.has(event.key) || playback.contains(event.target as Node)) return;
    event.preventDefault();
    playback.dispatchEvent(new KeyboardEvent("keydown", {key: event.key, bubbles: true}));
  });
  dialog.addEventListener("close", () => {
    placeholder.replaceWith(target);
    dialog.remove();
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    (from as HTMLElement).focus?.();
  }, {once: true});
  dialog.showModal();
  leave.focus();
  // Full screen where the browser allows it; the dialog is the view either way.
  void dialog.requestFullscreen?.().catch(() => undefined);
  return dialog;
}
