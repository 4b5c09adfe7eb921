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
  const status = element("p", {class: "live-connection-status", role: "status"});
  const connectButton = element(
    "button",
    {type: "button", class: "live-connect", onclick: () => void connect()},
    "Connect"
  );
  const disconnectButton = element(
    "button",
    {type: "button", class: "live-disconnect", disabled: true, onclick: () => root.disconnect()},
    "Disconnect"
  );
  const root = element(
    "div",
    {class: "live-connection"},
    element("div", {class: "live-connection-actions"}, connectButton, disconnectButton),
    status
  ) as unknown as ReceiverConnectionElement;
  let pending: ReturnType<typeof setTimeout> | null = null;

  const set = (next: Partial<ConnectionState>, now = false) => {
    root.value = {...root.value, ...next};
    writeText(status, statusText(root.value));
    status.classList.toggle("live-connection-problem", root.value.notice !== null);
    connectButton.disabled = root.value.phase === "connecting" || root.value.phase === "connected";
    disconnectButton.disabled = !connectButton.disabled;
    // Attempts can arrive dozens a second: the page redraws once per frame at most.
    if (now) {
      if (pending !== null) clearTimeout(pending);
      pending = null;
      root.dispatchEvent(new Event("input", {bubbles: true}));
    } else
      pending ??= setTimeout(() => {
        pending = null;
        root.dispatchEvent(new Event("input", {bubbles: true}));
      }, 16);
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
    const door = await probe(`${url}/`, null);
    const events = door.ok ? await probe(`${url}/events`, "text/event-stream") : door;
    if (attempt !== attemptNumber) return;
    if (!events.ok)
      return set(
        {
          phase: "unreachable",
          notice: events.answered === null ? unreachableNotice(url) : wrongAnswerNotice(url, events.answered)
        },
        true
      );
    const stream = new EventSource(`${url}/events`);
    source = stream;
    for (const name of ["hello", "run", "attempt"] as const)
      stream.addEventListener(name, (event) => receive(stream, name, (event as MessageEvent).data));
    // A stream that never says hello would leave "Connecting…" for ever.
    const silent = setTimeout(() => {
      if (stream !== source || root.value.phase !== "connecting") return;
      close();
      set(
        {
          phase: "unreachable",
          notice: `The receiver at ${url} opened its event stream but said nothing in ${HELLO_TIMEOUT_MS / 1000} s (A2A Workbench's receiver says hello at once): is another program on this port?`
        },
        true
      );
    }, HELLO_TIMEOUT_MS);
    stream.addEventListener("hello", () => clearTimeout(silent), {once: true});
    // EventSource would retry for ever; the reader reconnects when the receiver is back.
    stream.onerror = () => {
      if (stream !== source) return;
      close();
      set(
        {
          phase: root.value.phase === "connected" ? "lost" : "unreachable",
          notice: root.value.phase === "connected" ? lostNotice(url) : unreachableNotice(url)
        },
        true
      );
    };
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
  writeText(status, statusText(root.value));
  return root;
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
