/**
 * The live lab's views: the model's run beside what really reached the reader's receiver, the
 * differences between them, the real attempts as a table, and (lesson 4) what the receiver's
 * pipeline checked on each. Plain functions of data; everything the receiver sent is text here
 * (element() makes every string a text node), however it is written.
 */
import type {DeliveryRun} from "../../../lib/delivery/run.js";
import {senderPreset, type SenderId} from "../../../lib/delivery/sender-presets.js";
import {namedRun} from "../../../lib/lesson-inputs/run-label.js";
import {describeFaults, type LiveAttempt, type LiveComparison, type LiveFeed} from "../../../lib/live/index.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import {AttemptSwimlane} from "../delivery/attempt-swimlane.js";
import {ReceiverDecisions} from "../delivery/receiver-charts.js";
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {LiveRequest} from "./live-request.js";
import type {ConnectionState} from "./receiver-connection.js";

/** The newest attempts a table lists; the receiver keeps more (its status says how many). */
export const LIVE_TABLE_ROWS = 50;

/** The names the compared charts carry: the model above, the reader's receiver below. */
export const liveNames = (sender: SenderId | null) =>
  sender === null ? null : {pinned: `model (${sender} preset)`, current: "real (your receiver)"};

/** Lesson 1's live lab's stage: before connection a sentence, then the receiver in a line, the compared swimlanes and the differences. */
export function LiveDeliveryLab(
  state: ConnectionState,
  runs: LiveComparison | null,
  {width = 640}: {width?: number} = {}
): Element {
  if (runs === null)
    return element(
      "div",
      {class: "live-lab-view"},
      element("p", {class: "live-waiting"}, waitingText(state)),
      LiveProblems(state.feed.problems)
    );
  const swimlaneOf = (one: DeliveryRun, other: DeliveryRun | null, _followed: boolean, size?: ChartSize) =>
    AttemptSwimlane(one, {width: size?.width ?? width, type: size?.type, alongside: other});
  return element(
    "div",
    {class: "live-lab-view"},
    LiveReceiverLine(state.feed),
    LiveProblems(state.feed.problems),
    ComparedExportable(swimlaneOf, runs.real, runs.model, liveNames(runs.sender), {
      lesson: "push delivery",
      name: "live attempt swimlane",
      title:
        runs.sender === null ? "Webhook attempts at your receiver" : "Webhook attempts: the model and your receiver",
      run: () => liveRunLabel(state, runs.sender)
    }),
    LiveWindowNote(runs),
    runs.sender === null ? null : LiveDifferences(runs.differences, runs.pending)
  );
}

/** Past LIVE_DRAWN_UPDATES updates, what the drawing leaves out. */
function LiveWindowNote({window}: LiveComparison): Element | null {
  if (window.totalUpdates <= window.shownUpdates) return null;
  return element(
    "p",
    {class: "live-window-note"},
    `Drawn: the newest ${window.shownUpdates} of ${window.totalUpdates.toLocaleString("en-US")} updates in this run (the table below lists the newest ${LIVE_TABLE_ROWS} attempts; the receiver keeps more).`
  );
}

/** Under lesson 1's live lab: the receiver in full, its decisions beside the model's, and the real attempts. Nothing before connection. */
export function LiveDeliveryDetails(
  state: ConnectionState,
  runs: LiveComparison | null,
  {width = 640}: {width?: number} = {}
): Element {
  if (runs === null) return element("div", {class: "live-details"});
  const decisionsOf = (one: DeliveryRun, other: DeliveryRun | null, _followed: boolean, size?: ChartSize) =>
    ReceiverDecisions(one, {width: size?.width ?? width, type: size?.type, alongside: other});
  return element(
    "div",
    {class: "live-details"},
    LiveReceiverStatus(state.feed),
    ComparedExportable(decisionsOf, runs.real, runs.model, liveNames(runs.sender), {
      lesson: "push delivery",
      name: "live receiver decisions",
      title:
        runs.sender === null
          ? "Receiver decisions at your receiver"
          : "Receiver decisions: the model and your receiver",
      run: () => liveRunLabel(state, runs.sender)
    }),
    LiveAttemptTable(state.feed.attempts),
    NewestRequest(state.feed)
  );
}

/** The newest attempt's request, as it arrived and as curl (lesson 4 shows every attempt's). */
function NewestRequest(feed: LiveFeed): Element | null {
  const newest = feed.attempts.at(-1);
  if (newest === undefined || feed.hello === null) return null;
  return element(
    "div",
    {class: "live-newest-request"},
    element("p", null, `The newest attempt, #${newest.number}:`),
    LiveRequest(newest, feed.hello.hookUrl)
  );
}

function liveRunLabel(state: ConnectionState, sender: SenderId | null) {
  const faults = state.feed.hello === null ? "" : ` (${describeFaults(state.feed.hello.faults)})`;
  return sender === null
    ? namedRun(`your sender at your receiver${faults}`, ["live", "own"])
    : namedRun(`${senderPreset(sender).shortName} model vs your receiver${faults}`, ["live", sender]);
}

/** The receiver in one line: where its hook is, its faults, and the run's attempts. */
export function LiveReceiverLine(feed: LiveFeed): Element | null {
  if (feed.hello === null) return null;
  return element(
    "p",
    {class: "live-receiver-line"},
    "Hook ",
    element("code", {class: "live-long"}, feed.hello.hookUrl),
    ` · faults: ${describeFaults(feed.hello.faults)} · `,
    `${feed.attempts.length} attempt${feed.attempts.length === 1 ? "" : "s"} in this run`
  );
}

function waitingText(state: ConnectionState): string {
  if (state.phase === "connecting") return `Connecting to ${state.url}…`;
  if (state.phase === "connected") return "Connected: waiting for the receiver's hello.";
  return "Not connected. Start npm run receiver, type its port and press Connect: the model's run and your receiver's are drawn here.";
}

/** The differences between the model's run and the real one, as liveDifferences names them. */
export function LiveDifferences(differences: readonly string[], pending: string | null = null): Element {
  return element(
    "div",
    {class: "live-differences"},
    element("h4", null, "Differences from the model"),
    differences.length === 0
      ? element(
          "p",
          {class: "live-no-difference"},
          pending === null
            ? "none: the real run matches the model"
            : "none so far: the real run matches the model up to its newest arrival"
        )
      : element(
          "ul",
          null,
          differences.map((difference) => element("li", null, difference))
        ),
    pending === null ? null : element("p", {class: "live-pending"}, pending)
  );
}

/** Messages from the receiver the page skipped, each named. */
export function LiveProblems(problems: readonly string[]): Element | null {
  if (problems.length === 0) return null;
  return element(
    "div",
    {class: "live-problems", role: "alert"},
    element(
      "p",
      null,
      `${problems.length === 1 ? "A message" : `${problems.length} messages`} from the receiver could not be read and ${problems.length === 1 ? "was" : "were"} skipped:`
    ),
    element(
      "ul",
      null,
      problems.map((problem) => element("li", null, problem))
    )
  );
}

/** Where the hook is, what it checks, its faults, and how many attempts it holds. */
export function LiveReceiverStatus(feed: LiveFeed): Element | null {
  const {hello, status} = feed;
  if (hello === null) return null;
  const memory =
    status === null
      ? ""
      : `run ${feed.run ?? status.run}: the receiver keeps ${status.kept} of ${status.total} attempts (${status.dropped} dropped)`;
  return element(
    "dl",
    {class: "live-receiver-status"},
    element("div", null, element("dt", null, "Hook"), element("dd", null, element("code", null, hello.hookUrl))),
    element("div", null, element("dt", null, "Checks"), element("dd", null, hello.auth)),
    element("div", null, element("dt", null, "Faults"), element("dd", null, describeFaults(hello.faults))),
    memory
      ? element("div", null, element("dt", null, "Status"), element("dd", {class: "live-status-counts"}, memory))
      : null
  );
}

/** What a sender sent (a task id, a key, a reason quoting it), with bidi and control characters as ⟨U+XXXX⟩: they cannot reorder or hide the line. */
const visible = (text: string | null, none: string) => (text === null ? none : toVisible(text));

const seconds = (value: number | null) => (value === null ? "—" : `${Number(value.toFixed(2))} s`);

/** The key the receiver recorded the update by, when it is not the key its resends are grouped by (a webhook-id over 256 characters). */
function recordedAs(attempt: LiveAttempt): Element | null {
  const {recordKey, updateKey} = attempt;
  if (!recordKey || recordKey === updateKey || (updateKey !== null && recordKey.endsWith(updateKey))) return null;
  return element("small", {class: "live-long"}, "; recorded as ", element("code", null, toVisible(recordKey)));
}

/** The real attempts, newest first, at most `limit`. */
export function LiveAttemptTable(
  attempts: readonly LiveAttempt[],
  {limit = LIVE_TABLE_ROWS}: {limit?: number} = {}
): Element {
  const shown = attempts.slice(-limit).reverse();
  const caption =
    attempts.length === 0
      ? "No attempt has reached your receiver in this run yet."
      : `Attempts of this run at your receiver, newest first${attempts.length > limit ? ` (the newest ${limit} of ${attempts.length})` : ""}`;
  return ScrollRegion(
    "Attempts at your receiver",
    element(
      "table",
      {class: "update-table live-attempt-table"},
      element("caption", null, caption),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["#", "Time (run)", "Task", "Update key (source)", "Decision", "Status", "Answer", "Reason"].map((name) =>
            element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        shown.map((attempt) =>
          element(
            "tr",
            null,
            element("td", null, attempt.number),
            element("td", null, seconds(attempt.atSeconds)),
            element("td", {class: "live-long"}, visible(attempt.taskId, "—")),
            element(
              "td",
              {class: "live-long"},
              visible(attempt.updateKey, "—"),
              " ",
              element("small", null, `(${attempt.keySource})`),
              recordedAs(attempt)
            ),
            element("td", null, attempt.decision),
            element("td", null, attempt.httpStatus),
            element("td", null, attempt.answer),
            element("td", {class: "live-long live-reason"}, visible(attempt.reason, ""))
          )
        )
      )
    )
  );
}

/** Lesson 4: for each real attempt, newest first, the checks the receiver's pipeline ran and the key it grouped resends by. */
export function LiveChecks(state: ConnectionState, {limit = 20}: {limit?: number} = {}): Element {
  const {attempts} = state.feed;
  if (state.feed.hello === null)
    return element(
      "div",
      {class: "live-lab-view"},
      element("p", {class: "live-waiting"}, waitingText(state)),
      LiveProblems(state.feed.problems)
    );
  const shown = attempts.slice(-limit).reverse();
  return element(
    "div",
    {class: "live-lab-view"},
    LiveReceiverLine(state.feed),
    LiveProblems(state.feed.problems),
    shown.length === 0
      ? element("p", {class: "live-waiting"}, "No attempt has reached your receiver in this run yet.")
      : null,
    element(
      "ol",
      {class: "live-check-list", reversed: true},
      shown.map((attempt) =>
        element(
          "li",
          {class: "live-check-attempt", value: attempt.number},
          element(
            "p",
            {class: "live-check-head"},
            element(
              "strong",
              null,
              `#${attempt.number} at ${seconds(attempt.atSeconds)}: ${attempt.decision} (${attempt.httpStatus})`
            ),
            " key: ",
            element("code", {class: "live-long"}, visible(attempt.updateKey, "none")),
            ` from ${attempt.keySource}`,
            recordedAs(attempt)
          ),
          LiveRequest(attempt, state.feed.hello!.hookUrl),
          attempt.checks.length === 0
            ? element("p", {class: "live-long"}, `No check ran: ${visible(attempt.reason, "")}`)
            : element(
                "ul",
                {class: "live-checks"},
                attempt.checks.map((check) =>
                  element(
                    "li",
                    {class: `live-check live-check-${check.status}`},
                    element("span", {class: "live-check-status"}, check.status),
                    " ",
                    element("span", {class: "live-check-label"}, check.label),
                    ": ",
                    element("span", {class: "live-long"}, visible(check.reason, ""))
                  )
                )
              )
        )
      )
    )
  );
}
