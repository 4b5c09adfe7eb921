/**
 * The speaker notes of a lesson's class deck, in a second window of the same origin
 * (`/speaker-notes?lesson=<slug>`): the slide on show, the step's answer as the deck computed it
 * from the run, why, what to look at, the next slide, a clock and the time since the deck opened.
 * Back, Reveal and Next (buttons, or ←, R and →) move the deck. Everything shown comes from a
 * message checked by lib (speaker-message.ts) and is written as text.
 */
import {readSlideMessage, speakerChannelName, type SlideMessage, type SpeakerCommand} from "../../lib/tour/index.js";
import {LESSON_SLUGS} from "../lessons.js";
import {element} from "./dom.js";
import {PermalinkNotices} from "./control-panel.js";
import {addressSearch} from "./page-address.js";

const LESSON_PARAMETER = "lesson";
const CLOCK_MS = 1000;

export function SpeakerNotes(): HTMLElement {
  const {slug, notices} = readLesson(addressSearch());
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(speakerChannelName(slug));
  const send = (command: SpeakerCommand) => channel?.postMessage(command);
  const view = SlideNotes();
  const clock = element("p", {class: "notes-clock", "aria-live": "off"});
  const controls = element("p", {class: "notes-controls"},
    element("button", {type: "button", class: "notes-back", onclick: () => send({kind: "go", by: -1})}, "‹ Back"),
    element("button", {type: "button", class: "notes-reveal", onclick: () => send({kind: "reveal"})}, "Reveal (R)"),
    element("button", {type: "button", class: "notes-next", onclick: () => send({kind: "go", by: 1})}, "Next ›"));
  const root = element("section", {class: "speaker-notes", "aria-label": "Speaker notes", tabindex: -1},
    notices.length ? PermalinkNotices(notices) : null,
    element("p", {class: "notes-lesson"}, "Speaker notes for ", element("a", {href: `./${slug}`}, slug), "."),
    clock, controls, view.element);
  let startedAt: number | null = null;
  const tick = () => {
    const now = new Date();
    clock.textContent = `${now.toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"})}${startedAt === null ? "" : ` · ${elapsed(now.getTime() - startedAt)} since the deck opened`}`;
  };
  tick();
  setInterval(tick, CLOCK_MS);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => {
      const message = readSlideMessage(event.data);
      if (message === null) return;
      startedAt = message.startedAt;
      view.show(message);
      tick();
    };
  } else {
    view.unavailable();
  }
  // A deck already open answers with its slide.
  send({kind: "hello"});
  root.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const command: SpeakerCommand | null = event.key === "ArrowRight" ? {kind: "go", by: 1} : event.key === "ArrowLeft" ? {kind: "go", by: -1} : event.key === "r" || event.key === "R" ? {kind: "reveal"} : null;
    if (command === null) return;
    event.preventDefault();
    send(command);
  });
  return root;
}

function readLesson(search: string): {slug: string; notices: {parameter: string; value: string; problem: string}[]} {
  const value = new URLSearchParams(search).get(LESSON_PARAMETER);
  const first = LESSON_SLUGS[0]!;
  if (value !== null && (LESSON_SLUGS as readonly string[]).includes(value)) return {slug: value, notices: []};
  const shown = value === null ? "(none)" : value.length > 40 ? `${value.slice(0, 39)}…` : value;
  return {slug: first, notices: [{parameter: LESSON_PARAMETER, value: shown, problem: `must be one of ${LESSON_SLUGS.join(", ")}; these notes follow ${first}`}]};
}

function elapsed(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/** The notes of one slide, rewritten on every message. */
function SlideNotes(): {element: HTMLElement; show(message: SlideMessage): void; unavailable(): void} {
  const root = element("div", {class: "notes-slide", "aria-live": "polite"},
    element("p", null, "Waiting for the deck: open the lesson in another window and press “Teach this lesson”."));
  const line = (label: string, value: string | null, className: string) =>
    value === null ? null : element("p", {class: className}, element("strong", null, `${label}: `), element("bdi", null, value));
  return {
    element: root,
    show(message) {
      root.replaceChildren(...[
        element("p", {class: "notes-where"}, element("bdi", null, message.lesson), ` · ${message.where}${message.revealed ? " · revealed" : ""}`),
        element("h2", {class: "notes-title"}, element("bdi", null, message.title)),
        line("Inputs", message.inputs, "notes-inputs"),
        line("Question", message.question, "notes-question"),
        message.question === null ? null : line("Answer", message.answer ?? "the run is being computed…", "notes-answer"),
        line("Why", message.why, "notes-why"),
        line("Look at", message.lookAt, "notes-look"),
        line("Next", message.next ?? "(the last slide)", "notes-next-title")
      ].filter((node) => node !== null));
    },
    unavailable() {
      root.replaceChildren(element("p", {role: "alert"}, "This browser has no BroadcastChannel, so the notes cannot follow the deck."));
    }
  };
}
