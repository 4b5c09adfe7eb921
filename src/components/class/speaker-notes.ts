/**
 * The speaker notes of a lesson's class deck, in a second window of the same origin
 * (`/speaker-notes?lesson=<slug>`): the slide on show, the step's question with the choices the
 * class sees, the answer as the deck computed it from the run, why, what to look at, the next
 * slide, and a pacing clock against the plan's minutes (class-plan.ts). reveal.js's speaker view
 * has the same parts (hakimel/reveal.js plugin/notes: "Upcoming" slide, a clock, and a pacing timer
 * against `defaultTiming` or `totalTime`, pull request #2400). When the deck closes, the notes say so.
 *
 * Back, Reveal and Next (buttons, or the deck's keys: → ← PageDown PageUp R, as presenter clickers
 * send) move the deck. The keys are the window's from the moment it opens, without a click.
 * Everything shown comes from a message checked by lib (speaker-message.ts) and is written as
 * text; messages are drawn at most once a frame, the latest winning, so a flood costs nothing.
 */
import {
  readDeckMessage,
  speakerChannelName,
  type ClosedMessage,
  type SlideMessage,
  type SpeakerCommand
} from "../../../lib/tour/index.js";
import {LESSON_SLUGS} from "../../lessons.js";
import {element} from "../runtime/dom.js";
import {PermalinkNotices} from "../controls/control-panel.js";
import {addressSearch} from "../links/page-address.js";

const LESSON_PARAMETER = "lesson";
const CLOCK_MS = 1000;
const TEXT_TARGETS = new Set(["INPUT", "TEXTAREA", "SELECT"]);
const KEY_COMMANDS: Readonly<Record<string, SpeakerCommand>> = {
  ArrowRight: {kind: "go", by: 1},
  PageDown: {kind: "go", by: 1},
  ArrowLeft: {kind: "go", by: -1},
  PageUp: {kind: "go", by: -1},
  r: {kind: "reveal"},
  R: {kind: "reveal"}
};

export function SpeakerNotes(): HTMLElement {
  const {slug, notices} = readLesson(addressSearch());
  const channel = typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(speakerChannelName(slug));
  const send = (command: SpeakerCommand) => channel?.postMessage(command);
  const view = SlideNotes();
  const pacing = Pacing();
  const controls = element(
    "p",
    {class: "notes-controls"},
    element("button", {type: "button", class: "notes-back", onclick: () => send({kind: "go", by: -1})}, "‹ Back"),
    element("button", {type: "button", class: "notes-reveal", onclick: () => send({kind: "reveal"})}, "Reveal (R)"),
    element("button", {type: "button", class: "notes-next", onclick: () => send({kind: "go", by: 1})}, "Next ›")
  );
  const root = element(
    "section",
    {class: "speaker-notes", "aria-label": "Speaker notes", tabindex: -1},
    notices.length ? PermalinkNotices(notices) : null,
    element(
      "p",
      {class: "notes-lesson"},
      "Speaker notes for ",
      element("a", {href: `./${slug}`}, slug),
      ". Keys: → or PageDown next, ← or PageUp back, R reveals."
    ),
    pacing.element,
    controls,
    view.element
  );
  if (channel) {
    let latest: SlideMessage | ClosedMessage | null = null;
    const draw = () => {
      const message = latest;
      latest = null;
      if (message === null) return;
      if (message.kind === "closed") view.closed(message);
      else view.show(message);
      pacing.follow(message);
    };
    channel.onmessage = (event: MessageEvent) => {
      const message = readDeckMessage(event.data);
      if (message === null) return;
      if (latest === null) requestAnimationFrame(draw);
      latest = message;
    };
  } else {
    view.unavailable();
  }
  // A deck already open answers with its slide.
  send({kind: "hello"});
  // The deck's keys, from the moment the window opens: listened for on the window, not on a focused part.
  window.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || TEXT_TARGETS.has((event.target as HTMLElement).tagName))
      return;
    const command = KEY_COMMANDS[event.key];
    if (command === undefined) return;
    event.preventDefault();
    send(command);
  });
  requestAnimationFrame(() => root.focus({preventScroll: true}));
  return root;
}

function readLesson(search: string): {slug: string; notices: {parameter: string; value: string; problem: string}[]} {
  const value = new URLSearchParams(search).get(LESSON_PARAMETER);
  const first = LESSON_SLUGS[0]!;
  if (value !== null && (LESSON_SLUGS as readonly string[]).includes(value)) return {slug: value, notices: []};
  const shown = value === null ? "(none)" : value.length > 40 ? `${value.slice(0, 39)}…` : value;
  return {
    slug: first,
    notices: [
      {
        parameter: LESSON_PARAMETER,
        value: shown,
        problem: `must be one of ${LESSON_SLUGS.join(", ")}; these notes follow ${first}`
      }
    ]
  };
}

/** m:ss of a duration in milliseconds (never negative). */
function clockText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;
}

/**
 * The clock and the pacing against the plan: the time of day, time since the deck opened against
 * its planned minutes (and what is left), and time on this slide against its own minutes.
 */
function Pacing(): {element: HTMLElement; follow(message: SlideMessage | ClosedMessage): void} {
  const clock = element("span", {class: "notes-time"});
  const deck = element("span", {class: "notes-deck-pace"});
  const slide = element("span", {class: "notes-slide-pace"});
  const root = element("p", {class: "notes-clock", "aria-live": "off"}, clock, deck, slide);
  let current: SlideMessage | null = null;
  const tick = () => {
    const now = Date.now();
    clock.textContent = new Date(now).toLocaleTimeString([], {hour: "2-digit", minute: "2-digit"});
    if (current === null) {
      deck.textContent = slide.textContent = "";
      return;
    }
    const planned = current.plannedMinutes * 60_000;
    const elapsed = now - current.startedAt;
    const left = planned - elapsed;
    deck.textContent = `${clockText(elapsed)} since the deck opened, of ${current.plannedMinutes} min planned · ${left >= 0 ? `${clockText(left)} left` : `${clockText(-left)} over`}`;
    const onSlide = now - current.slideStartedAt;
    slide.textContent = `This slide: ${clockText(onSlide)} of ${current.slideMinutes} min`;
    slide.classList.toggle("notes-over", onSlide > current.slideMinutes * 60_000);
    deck.classList.toggle("notes-over", left < 0);
  };
  tick();
  setInterval(tick, CLOCK_MS);
  return {
    element: root,
    follow(message) {
      current = message.kind === "slide" ? message : null;
      tick();
    }
  };
}

/** The notes of one slide, rewritten on every message. */
function SlideNotes(): {
  element: HTMLElement;
  show(message: SlideMessage): void;
  closed(message: ClosedMessage): void;
  unavailable(): void;
} {
  const root = element(
    "div",
    {class: "notes-slide", "aria-live": "polite"},
    element("p", null, "Waiting for the deck: open the lesson in another window and press “Teach this lesson”.")
  );
  const line = (label: string, value: string | null, className: string) =>
    value === null
      ? null
      : element("p", {class: className}, element("strong", null, `${label}: `), element("bdi", null, value));
  return {
    element: root,
    show(message) {
      root.replaceChildren(
        ...[
          element(
            "p",
            {class: "notes-where"},
            element("bdi", null, message.lesson),
            ` · ${message.where}${message.revealed ? " · revealed" : ""}`
          ),
          element("h2", {class: "notes-title"}, element("bdi", null, message.title)),
          line("Inputs", message.inputs, "notes-inputs"),
          line("Question", message.question, "notes-question"),
          message.choices === null
            ? null
            : element(
                "ol",
                {class: "notes-choices", "aria-label": "The choices the class sees"},
                message.choices.map((choice) => element("li", null, element("bdi", null, choice)))
              ),
          message.question === null
            ? null
            : line("Answer", message.answer ?? "the run is being computed…", "notes-answer"),
          line("Why", message.why, "notes-why"),
          line("Look at", message.lookAt, "notes-look"),
          element(
            "div",
            {class: "notes-upcoming"},
            line("Next slide", message.next ?? "(this is the last slide)", "notes-next-title"),
            message.nextQuestion === null
              ? null
              : element("p", {class: "notes-next-question"}, element("bdi", null, message.nextQuestion))
          )
        ].filter((node) => node !== null)
      );
    },
    closed(message) {
      root.replaceChildren(
        element(
          "p",
          {class: "notes-closed", role: "status"},
          element("strong", null, "The deck is closed. "),
          element("bdi", null, message.lesson),
          ": press “Teach this lesson” in the lesson to open it again; these notes follow it."
        )
      );
    },
    unavailable() {
      root.replaceChildren(
        element("p", {role: "alert"}, "This browser has no BroadcastChannel, so the notes cannot follow the deck.")
      );
    }
  };
}
