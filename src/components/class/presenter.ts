/**
 * A presenter view for one chart: a full-screen 16:9 slide (the class deck's frame) with the
 * chart drawn again at the slide's size with slide type, following the page as it redraws it.
 * A chart of a lab brings the lab's key figures and playback onto the slide (moved there, moved
 * back on leaving), so a teacher can step through the run in front of a class.
 *
 * Keys while presenting: Space plays or pauses, → is Next, Home restarts (the playback's own
 * keys, handed to it wherever the focus is), Esc leaves.
 */
import {element} from "../runtime/dom.js";
import type {LabElement} from "../lab.js";
import {drawOnSlide} from "./slide-chart.js";

const PLAYBACK_KEYS = new Set([" ", "ArrowRight", "Home"]);

export function present(from: Element, title: string): HTMLDialogElement {
  const chart = from.closest(".exportable-chart") ?? from;
  const lab = labOf(chart);
  const leave = element("button", {type: "button", class: "deck-leave"}, "Leave (Esc)");
  const chartPlace = element("div", {class: "deck-chart"});
  const figures = element("div", {class: "deck-figures"});
  const playback = element("div", {class: "deck-playback"});
  const frame = element(
    "div",
    {class: "deck-frame"},
    element(
      "div",
      {class: "deck-slide"},
      element(
        "div",
        {class: "deck-head"},
        element("span", {class: "deck-where"}, lab ? "Space play/pause · → next · Home restart" : ""),
        leave
      ),
      element(
        "div",
        {class: "deck-body"},
        element("h2", {class: "deck-title", tabindex: -1}, title),
        element("div", {class: `deck-main${lab ? "" : " deck-main-wide"}`}, chartPlace, lab ? figures : null),
        playback
      )
    )
  );
  const dialog = element("dialog", {class: "class-deck presenter", "aria-label": `Presenting: ${title}`}, frame);
  document.body.appendChild(dialog);
  const giveBack = lab ? lab.lend({figures, playback}) : () => {};
  const stopDrawing = drawOnSlide(chart, chartPlace, frame);
  leave.addEventListener("click", () => dialog.close());
  dialog.addEventListener("keydown", (event) => {
    const control = playback.querySelector(".playback");
    // The playback handles its own keys when focus is inside it; elsewhere in the dialog, hand them over.
    if (!control || !PLAYBACK_KEYS.has(event.key) || control.contains(event.target as Node)) return;
    event.preventDefault();
    control.dispatchEvent(new KeyboardEvent("keydown", {key: event.key, bubbles: true}));
  });
  dialog.addEventListener(
    "close",
    () => {
      stopDrawing();
      giveBack();
      dialog.remove();
      if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
      (from as HTMLElement).focus?.();
    },
    {once: true}
  );
  dialog.showModal();
  leave.focus();
  // Full screen where the browser allows it; the dialog fills the window either way.
  void dialog.requestFullscreen?.().catch(() => undefined);
  return dialog;
}

/** The lab whose stage holds `chart` (its main chart, or another drawn there), if any. */
function labOf(chart: Element): LabElement | null {
  const lab = chart.closest(".lab-stage")?.closest("section.lab") as LabElement | null | undefined;
  return lab && typeof lab.lend === "function" ? lab : null;
}
