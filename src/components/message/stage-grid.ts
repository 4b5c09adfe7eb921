/**
 * The transaction at a glance: one row per request, one cell per stage (passed,
 * stopped with its error code, or not reached), and on the right what the
 * client could conclude from the response. Playback fades what it has not
 * revealed yet.
 *
 * On the chart layer (d3), not Plot: it is the chart in lesson 2's lab, redrawn on every
 * keystroke and shown at load, where Plot's scales and marks would be most of the frame.
 */
import type {MessageTransaction} from "../../../lib/message/transaction.js";
import {STAGE_NAMES as MESSAGE_STAGE_NAMES} from "../../../lib/message/finding.js";
import {scaleBand, type ScaleBand} from "d3-scale";
import {chartFrame, type ChartFrame} from "../chart/chart-frame.js";
import {colourLegend, withLegends} from "../chart/legend.js";
import {type TypeScale, typeScale} from "../chart/type-scale.js";
import {withChartNote} from "../chart/chart-note.js";
import {clientRevealed, gateRevealed, type GateCursor} from "./stages.js";
import {CLIENT_VERDICT_WORDS, capitalise, describeRequest} from "./words.js";

/** Rows drawn; a larger batch is summed up in a line under the chart. */
export const STAGE_GRID_MAX_REQUESTS = 30;

export const STAGE_STATUS_COLOURS = {passed: "#2da44e", stopped: "#d1242f", "not reached": "#d0d7de"} as const;
type StatusWord = keyof typeof STAGE_STATUS_COLOURS;
const STATUS_SCALE = {domain: Object.keys(STAGE_STATUS_COLOURS), range: Object.values(STAGE_STATUS_COLOURS)};

const STAGES = ([1, 2, 3, 4, 5, 6] as const).map((stage) => `${stage}. ${MESSAGE_STAGE_NAMES[stage]}`);
const STAGE_WORDS = STAGES.map((stage) => stage.slice(stage.indexOf(". ") + 2));

export interface StageGridOptions {
  width?: number;
  /** The playback's cursor; null shows everything. */
  cursor?: GateCursor | null;
  type?: TypeScale;
}

interface Cell {
  row: number;
  stage: number;
  status: StatusWord;
  label: string;
  faded: boolean;
  title: string;
}

interface ClientVerdict {
  row: number;
  text: string;
  faded: boolean;
}

/** Where things go: a stage to its column, a request to its row. */
interface Grid {
  frame: ChartFrame;
  x: ScaleBand<number>;
  y: ScaleBand<number>;
  /** Whether every stage's name fits above its column (else its number alone). */
  named: boolean;
}

export function StageGrid(
  transaction: MessageTransaction,
  {width = 640, cursor = null, type = typeScale()}: StageGridOptions = {}
): Element {
  const drawn = transaction.requests.slice(0, STAGE_GRID_MAX_REQUESTS);
  const hidden = transaction.requests.length - drawn.length;
  const longName = (index: number) => capitalise(describeRequest(drawn[index]!));
  const shortName = (index: number) =>
    drawn[index]!.requestIndex === null ? "The request" : `Request ${drawn[index]!.requestIndex}`;
  const client: ClientVerdict[] = transaction.client.perRequest
    .slice(0, STAGE_GRID_MAX_REQUESTS)
    .flatMap((decision) => {
      const row = drawn.findIndex((outcome) => outcome.requestIndex === decision.requestIndex);
      return row < 0
        ? []
        : [
            {
              row,
              text: `client: ${CLIENT_VERDICT_WORDS[decision.verdict]}`,
              faded: !clientRevealed(cursor, decision.requestIndex)
            }
          ];
    });
  const columnWidth = (names: (index: number) => string) =>
    Math.ceil(Math.max(0, ...drawn.map((_, index) => type.widthOf(names(index)))) + 9 * type.unit);
  const clientWidth = Math.ceil(Math.max(0, ...client.map((verdict) => type.widthOf(verdict.text))) + 8 * type.unit);
  // The full row names and the client's column while every stage's name still fits its column; else short names, no client column (the tables keep both).
  const stageRoom = 6 * (Math.max(...STAGE_WORDS.map((name) => type.widthOf(name, type.small))) + 6 * type.unit);
  const full = width - columnWidth(longName) - clientWidth >= stageRoom;
  const rowName = full ? longName : shortName;
  const margin = {
    left: columnWidth(rowName),
    right: full ? clientWidth : Math.ceil(type.body),
    top: 0,
    bottom: Math.ceil(type.line * 0.8)
  };
  const x = scaleBand(
    STAGES.map((_, index) => index),
    [margin.left, Math.max(margin.left + 6, width - margin.right)]
  )
    .padding(0.06)
    .round(true);
  const named = Math.max(...STAGE_WORDS.map((name) => type.widthOf(name, type.small))) <= x.bandwidth();
  // The header: the stage numbers, and their names on a second line where they fit.
  margin.top = Math.ceil(type.line * (named ? 2.8 : 1.8));
  const height = margin.top + Math.round(type.line * 2.4) * drawn.length + margin.bottom;
  const frame = chartFrame({width, height, margin, type, label: "Each request's verdict at each of the six stages"});
  const grid: Grid = {
    frame,
    x,
    named,
    y: scaleBand(
      drawn.map((_, index) => index),
      [frame.top, frame.bottom]
    )
      .padding(0.1)
      .round(true)
  };
  rowNamesMark(
    grid,
    drawn.map((_, row) => rowName(row))
  );
  stageNamesMark(grid);
  const cells = cellsOf(drawn, cursor, rowName);
  cellsMark(grid, cells);
  cellLabelsMark(grid, cells);
  if (full) clientMark(grid, client);
  const note =
    hidden > 0
      ? `${hidden} more request${hidden === 1 ? "" : "s"} (from request ${drawn.length}) not drawn; the request picker lists them all.`
      : null;
  return withChartNote(withLegends(frame.svg.node()!, [colourLegend(STATUS_SCALE, type)]), note);
}

function cellsOf(
  drawn: MessageTransaction["requests"],
  cursor: GateCursor | null,
  rowName: (index: number) => string
): Cell[] {
  return drawn.flatMap((outcome, row) =>
    outcome.stages.map((verdict) => {
      const status: StatusWord =
        verdict.status === "pass" ? "passed" : verdict.status === "stop" ? "stopped" : "not reached";
      const why = verdict.findings.find((finding) => finding.severity === "error")?.message;
      return {
        row,
        stage: verdict.stage - 1,
        status,
        label: verdict.error ? String(verdict.error.code) : status === "passed" ? "pass" : "",
        faded: !gateRevealed(cursor, outcome, verdict.stage),
        title: `${rowName(row)}, stage ${verdict.stage} (${verdict.name}): ${status}${verdict.error ? `, error ${verdict.error.code} ${verdict.error.message}` : ""}${why ? `. ${why}` : ""}`
      };
    })
  );
}

const stageCentre = ({x}: Grid, stage: number) => x(stage)! + x.bandwidth() / 2;
const rowCentre = ({y}: Grid, row: number) => y(row)! + y.bandwidth() / 2;

function rowNamesMark(grid: Grid, names: readonly string[]): void {
  grid.frame.svg
    .append("g")
    .attr("class", "row-names")
    .attr("text-anchor", "end")
    .selectAll("text")
    .data(names)
    .join("text")
    .attr("x", grid.frame.left - 8 * grid.frame.type.unit)
    .attr("y", (name, row) => rowCentre(grid, row))
    .attr("dy", "0.32em")
    .text((name) => name);
}

/** Above each column: its number, and its name on the line below wherever every name fits its column. */
function stageNamesMark(grid: Grid): void {
  const {frame} = grid;
  const text = frame.svg
    .append("g")
    .attr("class", "stage-names")
    .attr("font-size", frame.type.small)
    .selectAll("text")
    .data(STAGES)
    .join("text")
    .attr("x", (stage, index) => stageCentre(grid, index))
    .attr("y", frame.top - 0.6 * frame.type.line);
  const number = (stage: string) => stage.slice(0, stage.indexOf("."));
  if (!grid.named) {
    text.text(number);
    return;
  }
  text
    .append("tspan")
    .attr("x", (stage, index) => stageCentre(grid, index))
    .attr("dy", "-1.1em")
    .text(number);
  text
    .append("tspan")
    .attr("x", (stage, index) => stageCentre(grid, index))
    .attr("dy", "1.1em")
    .text((stage, index) => STAGE_WORDS[index]!);
}

function cellsMark(grid: Grid, cells: readonly Cell[]): void {
  const {x, y} = grid;
  grid.frame.svg
    .append("g")
    .attr("class", "stage-cells")
    .selectAll("rect")
    .data(cells)
    .join("rect")
    .attr("x", (cell) => x(cell.stage)!)
    .attr("width", x.bandwidth())
    .attr("y", (cell) => y(cell.row)!)
    .attr("height", y.bandwidth())
    .attr("fill", (cell) => STAGE_STATUS_COLOURS[cell.status])
    .attr("fill-opacity", (cell) => (cell.faded ? 0.2 : 1))
    .append("title")
    .text((cell) => cell.title);
}

/** A code a little too wide for its cell is set smaller, down to this share of the body size. */
const SMALLEST_CELL_LABEL = 0.65;

/** "pass" or the error code inside each cell, set smaller where a code would run past a narrow cell. */
function cellLabelsMark(grid: Grid, cells: readonly Cell[]): void {
  const {type} = grid.frame;
  const room = grid.x.bandwidth() - 4 * type.unit;
  // The size at which the label is as wide as the room (width grows with size), to the half pixel below.
  const fitting = (label: string) => Math.floor((2 * room) / type.widthOf(label, 1)) / 2;
  const sizeOf = (label: string) => Math.max(SMALLEST_CELL_LABEL * type.body, Math.min(type.body, fitting(label)));
  grid.frame.svg
    .append("g")
    .attr("class", "stage-cell-labels")
    .attr("font-weight", 600)
    .attr("fill", "white")
    .selectAll("text")
    .data(cells.filter((cell) => cell.label !== ""))
    .join("text")
    .attr("x", (cell) => stageCentre(grid, cell.stage))
    .attr("y", (cell) => rowCentre(grid, cell.row))
    .attr("dy", "0.32em")
    .attr("font-size", (cell) => (sizeOf(cell.label) < type.body ? sizeOf(cell.label) : null))
    .attr("fill-opacity", (cell) => (cell.faded ? 0.2 : 1))
    .text((cell) => cell.label);
}

/** What the client could conclude, right of the last stage. */
function clientMark(grid: Grid, client: readonly ClientVerdict[]): void {
  const {frame, x} = grid;
  frame.svg
    .append("g")
    .attr("class", "client-verdicts")
    .attr("text-anchor", "start")
    .selectAll("text")
    .data(client)
    .join("text")
    .attr("x", x(STAGES.length - 1)! + x.bandwidth() + 6 * frame.type.unit)
    .attr("y", (verdict) => rowCentre(grid, verdict.row))
    .attr("dy", "0.32em")
    .attr("fill-opacity", (verdict) => (verdict.faded ? 0.2 : 1))
    .text((verdict) => verdict.text);
}
