/**
 * Every webhook attempt of a run: one lane per update, one row per attempt. A bar
 * runs from dispatch to arrival, coloured by what the receiver decided; a symbol
 * marks what the sender saw and when. The outage window, the config deletion and
 * suppressed attempts are marked; a cursor follows playback.
 */
import * as Plot from "@observablehq/plot";
import type {DeliveryAttempt, DeliveryRun} from "../../../lib/delivery/index.js";
import {attemptOutcomes, presentOutcomes, updateLabel} from "./palette.js";

export interface SwimlaneOptions {
  width?: number;
  /** The playback's modeled clock: later events are faded. Null shows everything. */
  cursorSeconds?: number | null;
}

const ROW_HEIGHT = 22;
const SENDER_SYMBOLS = {
  "2xx received": "circle", "refusal received": "square", "503 received": "diamond",
  "timed out (slow)": "times", "timed out (2xx lost)": "triangle"
} as const;
type SenderView = keyof typeof SENDER_SYMBOLS;

function senderView(attempt: DeliveryAttempt): SenderView {
  if (attempt.sender.kind === "timeout") return attempt.sender.cause === "response-lost" ? "timed out (2xx lost)" : "timed out (slow)";
  const status = attempt.sender.httpStatus;
  return status >= 200 && status < 300 ? "2xx received" : status === 503 ? "503 received" : "refusal received";
}

function senderDetail(attempt: DeliveryAttempt): string {
  if (attempt.sender.kind === "response") return `sender got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s`;
  const why = attempt.sender.cause === "response-lost" ? "the 2xx was lost on its way back" : "no response by the deadline";
  return `sender timed out at ${attempt.sender.atSeconds} s (${why})`;
}

export function AttemptSwimlane(run: DeliveryRun, {width = 640, cursorSeconds = null}: SwimlaneOptions = {}): Element {
  const outcomes = attemptOutcomes(run);
  const future = (seconds: number) => cursorSeconds !== null && seconds > cursorSeconds;
  const rows = [
    ...run.attempts.map((attempt) => ({lane: updateLabel(run, attempt.updateIndex), attempt: attempt.attemptNumber})),
    ...run.suppressedAttempts.map((attempt) => ({lane: updateLabel(run, attempt.updateIndex), attempt: attempt.attemptNumber}))
  ];
  const rowCount = Math.max(1, new Set(rows.map((row) => `${row.lane}/${row.attempt}`)).size);
  const lanes = run.updates.map((update) => updateLabel(run, update.updateIndex));
  const attempts = run.attempts.map((attempt) => ({
    lane: updateLabel(run, attempt.updateIndex),
    row: `attempt ${attempt.attemptNumber}`,
    dispatched: attempt.dispatchedAtSeconds,
    arrives: attempt.arrivesAtSeconds,
    senderAt: attempt.sender.atSeconds,
    outcome: outcomes.get(attempt)!,
    sender: senderView(attempt),
    faded: future(attempt.dispatchedAtSeconds),
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s, receiver: ${outcomes.get(attempt)} (${attempt.httpStatus}); ${senderDetail(attempt)}`
  }));
  const suppressed = run.suppressedAttempts.map((attempt) => ({
    lane: updateLabel(run, attempt.updateIndex),
    row: `attempt ${attempt.attemptNumber}`,
    at: attempt.wouldStartAtSeconds,
    title: `${updateLabel(run, attempt.updateIndex)}, attempt ${attempt.attemptNumber}: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s)`
  }));
  const outageUntil = run.config.receiverUnavailableUntilSeconds;
  const deletedAt = run.config.deleteConfigAtSeconds;
  const xMax = Math.max(run.endsAtSeconds, deletedAt ?? 0, outageUntil, 1);

  return Plot.plot({
    width,
    height: 40 + rowCount * ROW_HEIGHT + lanes.length * 8,
    marginLeft: 110,
    marginRight: 20,
    x: {label: "modeled time (s)", domain: [0, xMax], grid: true},
    y: {label: null, axis: null},
    fy: {label: null, domain: lanes, padding: 0.15},
    color: {...presentOutcomes(attempts.map((attempt) => attempt.outcome)), legend: true},
    symbol: {domain: Object.keys(SENDER_SYMBOLS), range: Object.values(SENDER_SYMBOLS), legend: true},
    facet: {data: attempts, y: "lane"},
    marks: [
      // Marks without an fy channel repeat in every lane; their labels go in the first lane only.
      outageUntil > 0 ? Plot.rectX([{}], {x1: 0, x2: Math.min(outageUntil, xMax), fill: "#c69026", fillOpacity: 0.16}) : null,
      outageUntil > 0 ? Plot.text([lanes[lanes.length - 1]], {fy: (lane: string) => lane, x: Math.min(outageUntil, xMax), frameAnchor: "bottom", text: () => "receiver answers 503 until here", textAnchor: "end", dx: -4, dy: -3, fill: "currentColor", fontSize: 9}) : null,
      Plot.frame({stroke: "currentColor", strokeOpacity: 0.15}),
      Plot.link(attempts, {
        x1: "dispatched", x2: "arrives", y1: "row", y2: "row", fy: "lane", stroke: "outcome", strokeWidth: 4,
        strokeOpacity: (d: {faded: boolean}) => (d.faded ? 0.25 : 1), markerEnd: "arrow", title: "title"
      }),
      Plot.dot(attempts, {x: "senderAt", y: "row", fy: "lane", symbol: "sender", stroke: "currentColor", fill: "none", r: 5, strokeWidth: 1.5, strokeOpacity: (d: {faded: boolean}) => (d.faded ? 0.25 : 1), title: "title"}),
      Plot.text(attempts, {x: "dispatched", y: "row", fy: "lane", text: "row", textAnchor: "end", dx: -6, fill: "currentColor", fontSize: 9}),
      Plot.dot(suppressed, {x: "at", y: "row", fy: "lane", symbol: "times", stroke: "#d1242f", r: 5, title: "title"}),
      Plot.text(suppressed, {x: "at", y: "row", fy: "lane", text: () => "suppressed", textAnchor: "start", dx: 8, fill: "#d1242f", fontSize: 9}),
      deletedAt !== null ? Plot.ruleX([deletedAt], {stroke: "#d1242f", strokeDasharray: "5,3", strokeWidth: 1.5}) : null,
      deletedAt !== null ? Plot.text([lanes[0]], {fy: (lane: string) => lane, x: deletedAt, frameAnchor: "top", text: () => "config deleted", textAnchor: "start", dx: 4, dy: 2, fill: "#d1242f", fontSize: 9}) : null,
      cursorSeconds !== null ? Plot.ruleX([cursorSeconds], {stroke: "currentColor", strokeWidth: 2, strokeOpacity: 0.6}) : null
    ]
  }) as Element;
}
