/**
 * The transaction at a glance: one row per request, one cell per stage (passed,
 * stopped with its error code, or not reached), and on the right what the
 * client could conclude from the response. Playback fades what it has not
 * revealed yet.
 */
import * as Plot from "@observablehq/plot";
import type {MessageTransaction} from "../../../lib/message/index.js";
import {MESSAGE_STAGE_NAMES} from "../../../lib/message/index.js";
import {colourLegend, withLegends} from "../legends.js";
import {clientRevealed, gateRevealed, type GateCursor} from "./stages.js";
import {CLIENT_VERDICT_WORDS, capitalise, describeRequest} from "./words.js";

/** Rows drawn; a larger batch is summed up in a line under the chart. */
export const STAGE_GRID_MAX_REQUESTS = 30;

export const STAGE_STATUS_COLOURS = {passed: "#2da44e", stopped: "#d1242f", "not reached": "#d0d7de"} as const;
type StatusWord = keyof typeof STAGE_STATUS_COLOURS;
const STATUS_SCALE = {domain: Object.keys(STAGE_STATUS_COLOURS), range: Object.values(STAGE_STATUS_COLOURS)};

const STAGES = ([1, 2, 3, 4, 5, 6] as const).map((stage) => `${stage}. ${MESSAGE_STAGE_NAMES[stage]}`);
const ROW_HEIGHT = 34;
/** Below this width the chart drops the ids from row names, the stage names and the client column (the tables keep them). */
const COMPACT_WIDTH = 560;

export interface StageGridOptions {
  width?: number;
  /** The playback's cursor; null shows everything. */
  cursor?: GateCursor | null;
}

interface Cell {
  request: string;
  stage: string;
  status: StatusWord;
  label: string;
  faded: boolean;
  title: string;
}

export function StageGrid(transaction: MessageTransaction, {width = 640, cursor = null}: StageGridOptions = {}): Element {
  const drawn = transaction.requests.slice(0, STAGE_GRID_MAX_REQUESTS);
  const hidden = transaction.requests.length - drawn.length;
  const compact = width < COMPACT_WIDTH;
  const marginLeft = compact ? 80 : 170;
  const marginRight = compact ? 10 : 170;
  const rowName = (index: number) => {
    const outcome = drawn[index]!;
    if (!compact) return capitalise(describeRequest(outcome));
    return outcome.requestIndex === null ? "The request" : `Request ${outcome.requestIndex}`;
  };
  const cells: Cell[] = drawn.flatMap((outcome, index) =>
    outcome.stages.map((verdict) => {
      const status: StatusWord = verdict.status === "pass" ? "passed" : verdict.status === "stop" ? "stopped" : "not reached";
      const why = verdict.findings.find((finding) => finding.severity === "error")?.message;
      return {
        request: rowName(index),
        stage: STAGES[verdict.stage - 1]!,
        status,
        label: verdict.error ? String(verdict.error.code) : status === "passed" ? "pass" : "",
        faded: !gateRevealed(cursor, outcome, verdict.stage),
        title: `${rowName(index)}, stage ${verdict.stage} (${verdict.name}): ${status}${verdict.error ? `, error ${verdict.error.code} ${verdict.error.message}` : ""}${why ? `. ${why}` : ""}`
      };
    })
  );
  const client = compact ? [] : transaction.client.perRequest.slice(0, STAGE_GRID_MAX_REQUESTS).flatMap((decision) => {
    const index = drawn.findIndex((outcome) => outcome.requestIndex === decision.requestIndex);
    if (index < 0) return [];
    return [{request: rowName(index), stage: STAGES[5]!, text: `client: ${CLIENT_VERDICT_WORDS[decision.verdict]}`, faded: !clientRevealed(cursor, decision.requestIndex)}];
  });
  const bandHalfWidth = (width - marginLeft - marginRight) / STAGES.length / 2;
  const rows = drawn.map((_, index) => rowName(index));
  const fadedOpacity = (d: {faded: boolean}) => (d.faded ? 0.2 : 1);
  const chart = Plot.plot({
    width,
    height: 60 + rows.length * ROW_HEIGHT + (hidden > 0 ? (compact ? 50 : 30) : 0),
    marginLeft,
    marginRight,
    marginTop: 40,
    marginBottom: hidden > 0 ? (compact ? 60 : 40) : 10,
    x: {domain: STAGES, axis: "top", label: null, padding: 0.06, tickSize: 0, tickFormat: (stage: string) => (compact ? stage.slice(0, stage.indexOf(".")) : stage.replace(". ", "\n"))},
    y: {domain: rows, label: null, padding: 0.1, tickSize: 0},
    color: STATUS_SCALE,
    marks: [
      Plot.cell(cells, {x: "stage", y: "request", fill: "status", fillOpacity: fadedOpacity, title: "title", inset: 1}),
      Plot.text(cells, {x: "stage", y: "request", text: "label", fill: (d: Cell) => (d.status === "not reached" ? "#57606a" : "white"), fillOpacity: fadedOpacity, fontSize: 11, fontWeight: 600}),
      Plot.text(client, {x: "stage", y: "request", text: "text", dx: bandHalfWidth + 6, textAnchor: "start", fill: "currentColor", fillOpacity: fadedOpacity, fontSize: 11}),
      hidden > 0
        ? Plot.text([`${hidden} more request${hidden === 1 ? "" : "s"} (from request ${drawn.length}) not drawn; the request picker lists them all.`], {frameAnchor: "bottom-left", dy: 28, lineAnchor: "top", lineWidth: (width - marginLeft - 10) / 11, fill: "currentColor", fontSize: 11})
        : null
    ]
  }) as Element;
  return withLegends(chart, [colourLegend(STATUS_SCALE)]);
}
