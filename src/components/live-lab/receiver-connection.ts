/**
 * The page's connection to the reader's live receiver (receiver/server.ts): the only I/O of the
 * live lab. Nothing connects by itself: the reader presses Connect. The connection first asks the
 * receiver's `/` with fetch, so an unreachable receiver (not started, another port, an origin it
 * does not answer) is one handled rejection and a notice, then opens the event stream; every
 * message is checked by lib (readLiveMessage) and a bad one is named and skipped.
 *
 * No redirect is followed (`redirect: "manual"`): a receiver that answers with one, which ours never
 * does, is named, and nothing (the faults least of all) is sent to where it points. The event stream
 * is asked once by fetch first, so a wrong answer (a 500, another content type) is named rather than
 * reported as no receiver, and a stream that never says hello is closed after HELLO_TIMEOUT_MS.
 *
 * A custom input: `value` is the connection's state and every change dispatches `input` (at most
 * one per frame, however fast attempts arrive), so a page reads it with inputValue.
 */
import {
  emptyLiveFeed,
  liveFeedProblem,
  liveFeedWith,
  liveReceiverUrl,
  readFaultsAnswer,
  readLiveMessage,
  type LiveEventName,
  type LiveFaults,
  type LiveFeed
} from "../../../lib/live/index.js";
import {element, writeText} from "../runtime/dom.js";

export type ConnectionPhase = "idle" | "connecting" | "connected" | "unreachable" | "lost" | "bad-port";

export interface ConnectionState {
  phase: ConnectionPhase;
  /** The receiver's address (http://127.0.0.1:<port>), or null before the first Connect. */
  url: string | null;
  feed: LiveFeed;
  /** What the reader is told about the connection, or null when connected and nothing went wrong. */
  notice: string | null;
}

export type ReceiverConnectionElement = HTMLElement & {
  value: ConnectionState;
  /** POSTs the faults to the receiver; its problems (a 400) or why it could not be asked. */
  applyFaults(faults: LiveFaults): Promise<{ok: true} | {ok: false; problems: string[]}>;
  disconnect(): void;
};

export interface ReceiverConnectionOptions {
  /** The port the reader typed (read when Connect is pressed). */
  port: () => string;
  /** Called with the receiver's faults whenever it says them (on connecting, and at each new run), so the page's fault inputs can show them. */
  onFaults?: (faults: LiveFaults) => void;
}

/** Fetch options for a loopback receiver: Chromium's Local Network Access asks for this address space from a page served elsewhere. */
const LOOPBACK_REQUEST = {
  mode: "cors",
  credentials: "omit",
  cache: "no-store",
  redirect: "manual",
  targetAddressSpace: "loopback"
} as RequestInit;
/** How long a stream may stay silent before its hello: the receiver sends it at once. */
const HELLO_TIMEOUT_MS = 5000;

/** What an address answered: fine, a redirect (never followed), another answer, or nothing. */
type Probe = {ok: true} | {ok: false; answered: string | null};

async function probe(url: string, expectedType: string | null): Promise<Probe> {
  const controller = new AbortController();
  try {
    const response = await fetch(url, {...LOOPBACK_REQUEST, signal: controller.signal});
    const type = response.headers.get("content-type") ?? "";
    controller.abort();
    if (response.type === "opaqueredirect") return {ok: false, answered: "with a redirect (the page follows none)"};
    if (!response.ok) return {ok: false, answered: `HTTP ${response.status}`};
    if (expectedType !== null && !type.startsWith(expectedType))
      return {
        ok: false,
        answered: `with ${type ? `“${type.slice(0, 60)}”` : "no content type"} where an event stream (text/event-stream) was expected`
      };
    return {ok: true};
  } catch {
    return {ok: false, answered: null};
  }
}

export function ReceiverConnection({port, onFaults}: ReceiverConnectionOptions): ReceiverConnectionElement {
  let source: EventSource | null = null;
  let attemptNumber = 0;
  const view = ConnectionView({connect: () => void connect(), disconnect: () => root.disconnect()});
  const root = view.element as unknown as ReceiverConnectionElement;
  const announce = frameThrottledInput(root);

  const set = (next: Partial<ConnectionState>, now = false) => {
    root.value = {...root.value, ...next};
    view.show(root.value);
    announce(now);
  };

  const close = () => {
    source?.close();
    source = null;
  };

  async function connect() {
    close();
    const attempt = ++attemptNumber;
    const address = liveReceiverUrl(port());
    if (!address.ok) return set({phase: "bad-port", notice: `Not connected: ${address.problem}.`}, true);
    const url = address.url;
    set({phase: "connecting", url, notice: null, feed: emptyLiveFeed}, true);
    const answer = await probeReceiver(url);
    if (attempt !== attemptNumber) return;
    if (!answer.ok) return set(notAnswered(url, answer.answered), true);
    const stream: EventSource = openEventStream(url, {
      message: (name, data) => receive(stream, name, data),
      silent: () => {
        if (stream !== source || root.value.phase !== "connecting") return;
        close();
        set({phase: "unreachable", notice: silentNotice(url)}, true);
      },
      failed: () => {
        if (stream !== source) return;
        close();
        set(streamFailed(url, root.value.phase === "connected"), true);
      }
    });
    source = stream;
  }

  function receive(stream: EventSource, name: LiveEventName, data: unknown) {
    if (stream !== source) return;
    const read = readLiveMessage(name, typeof data === "string" ? data : "");
    const feed = read.ok ? liveFeedWith(root.value.feed, read.message) : liveFeedProblem(root.value.feed, read.problem);
    set({phase: "connected", feed, notice: null}, name !== "attempt");
    if (read.ok && read.message.kind !== "attempt") onFaults?.(read.message.hello.faults);
  }

  root.disconnect = () => {
    attemptNumber++;
    close();
    set({phase: "idle", notice: null}, true);
  };

  root.applyFaults = (faults) =>
    root.value.phase === "connected" && root.value.url !== null
      ? postFaults(root.value.url, faults)
      : Promise.resolve({ok: false, problems: ["connect to your receiver first"]});

  root.value = {phase: "idle", url: null, feed: emptyLiveFeed, notice: null};
  view.showText(root.value);
  return root;
}

/** The Connect and Disconnect buttons and the status line; only one button is enabled at a time. */
function ConnectionView(on: {connect(): void; disconnect(): void}): {
  element: HTMLElement;
  show(state: ConnectionState): void;
  /** The status line only: before the first change, the buttons are as built. */
  showText(state: ConnectionState): void;
} {
  const status = element("p", {class: "live-connection-status", role: "status"});
  const connectButton = element(
    "button",
    {type: "button", class: "live-connect", onclick: () => on.connect()},
    "Connect"
  );
  const disconnectButton = element(
    "button",
    {type: "button", class: "live-disconnect", disabled: true, onclick: () => on.disconnect()},
    "Disconnect"
  );
  const showText = (state: ConnectionState) => writeText(status, statusText(state));
  return {
    element: element(
      "div",
      {class: "live-connection"},
      element("div", {class: "live-connection-actions"}, connectButton, disconnectButton),
      status
    ),
    show(state) {
      showText(state);
      status.classList.toggle("live-connection-problem", state.notice !== null);
      connectButton.disabled = state.phase === "connecting" || state.phase === "connected";
      disconnectButton.disabled = !connectButton.disabled;
    },
    showText
  };
}

/**
 * Dispatches the element's `input` event: at once when `now`, otherwise at most once per frame, because attempts
 * can arrive dozens a second and the page redraws on each event.
 */
function frameThrottledInput(target: EventTarget): (now: boolean) => void {
  let pending: ReturnType<typeof setTimeout> | null = null;
  const dispatch = () => target.dispatchEvent(new Event("input", {bubbles: true}));
  return (now) => {
    if (now) {
      if (pending !== null) clearTimeout(pending);
      pending = null;
      dispatch();
    } else
      pending ??= setTimeout(() => {
        pending = null;
        dispatch();
      }, 16);
  };
}

/** Asks the receiver's `/`, then its event stream: no receiver and a wrong answer are told apart before streaming. */
async function probeReceiver(url: string): Promise<Probe> {
  const door = await probe(`${url}/`, null);
  return door.ok ? await probe(`${url}/events`, "text/event-stream") : door;
}

interface StreamListeners {
  message(name: LiveEventName, data: unknown): void;
  /** No hello within HELLO_TIMEOUT_MS: such a stream would leave "Connecting…" for ever. */
  silent(): void;
  /** EventSource would retry for ever; the reader reconnects when the receiver is back. */
  failed(): void;
}

/** Opens the receiver's event stream, listening for its messages, its hello's timeout and its failure. */
function openEventStream(url: string, on: StreamListeners): EventSource {
  const stream = new EventSource(`${url}/events`);
  for (const name of ["hello", "run", "attempt"] as const)
    stream.addEventListener(name, (event) => on.message(name, (event as MessageEvent).data));
  const silent = setTimeout(() => on.silent(), HELLO_TIMEOUT_MS);
  stream.addEventListener("hello", () => clearTimeout(silent), {once: true});
  stream.onerror = () => on.failed();
  return stream;
}

/** POST /faults: the receiver answers 200, or 400 with its problems (read by lib, as text). */
async function postFaults(url: string, faults: LiveFaults): Promise<{ok: true} | {ok: false; problems: string[]}> {
  try {
    const response = await fetch(`${url}/faults`, {
      ...LOOPBACK_REQUEST,
      method: "POST",
      headers: {"Content-Type": "application/json"},
      body: JSON.stringify(faults)
    });
    // A redirect is not followed: the faults go to this receiver or nowhere.
    if (response.type === "opaqueredirect")
      return {
        ok: false,
        problems: [
          `the receiver at ${url} answered with a redirect; the page follows none, so the faults were not sent`
        ]
      };
    return readFaultsAnswer(response.status, await response.text());
  } catch {
    return {ok: false, problems: [`the receiver at ${url} did not answer`]};
  }
}

/** Nothing answered at `url`, or something answered that is not A2A Workbench's receiver. */
function notAnswered(url: string, answered: string | null): Partial<ConnectionState> {
  return {phase: "unreachable", notice: answered === null ? unreachableNotice(url) : wrongAnswerNotice(url, answered)};
}

/** A stream that failed was lost once it had connected; before that, the receiver was never reached. */
function streamFailed(url: string, wasConnected: boolean): Partial<ConnectionState> {
  return {
    phase: wasConnected ? "lost" : "unreachable",
    notice: wasConnected ? lostNotice(url) : unreachableNotice(url)
  };
}

function unreachableNotice(url: string): string {
  const origin = typeof location === "undefined" ? "this page's origin" : location.origin;
  return (
    `No receiver answered at ${url}. Start it with npm run receiver (it prints its port), then press Connect. ` +
    `If it is running, it may not answer this page's origin (${origin}): start it with --origin ${origin}.`
  );
}

function wrongAnswerNotice(url: string, answered: string): string {
  return `The receiver at ${url} answered ${answered}. A2A Workbench's receiver (npm run receiver) does not: is another program on this port?`;
}

function silentNotice(url: string): string {
  return `The receiver at ${url} opened its event stream but said nothing in ${HELLO_TIMEOUT_MS / 1000} s (A2A Workbench's receiver says hello at once): is another program on this port?`;
}

function lostNotice(url: string): string {
  return `The connection to ${url} was lost. Start npm run receiver again if it stopped, then press Connect.`;
}

function statusText(state: ConnectionState): string {
  if (state.notice !== null) return state.notice;
  switch (state.phase) {
    case "idle":
      return state.url === null
        ? "Not connected. Nothing is asked of your machine until you press Connect."
        : `Disconnected from ${state.url}.`;
    case "connecting":
      return `Connecting to ${state.url}…`;
    default:
      return `Connected to ${state.url}.`;
  }
}

/** "Apply to receiver": sends the fault inputs; the receiver starts a new run with them. */
export function ApplyFaults(connection: ReceiverConnectionElement, faults: () => LiveFaults): HTMLElement {
  const result = element("div", {class: "live-apply-result", role: "status"});
  const button = element(
    "button",
    {type: "button", class: "live-apply-faults", onclick: () => void apply()},
    "Apply to receiver"
  );
  async function apply() {
    button.disabled = true;
    const answer = await connection.applyFaults(faults());
    button.disabled = false;
    result.replaceChildren(
      answer.ok
        ? element("p", null, "Applied: the receiver starts a new run with these faults at its next request.")
        : element(
            "div",
            {class: "live-apply-problems"},
            element("p", null, "The receiver did not take these faults:"),
            element(
              "ul",
              null,
              answer.problems.map((problem) => element("li", null, problem))
            )
          )
    );
  }
  return element("div", {class: "live-apply"}, button, result);
}
