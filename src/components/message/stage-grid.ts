/**
 * The transaction at a glance: one row per request, one cell per stage (passed,
 * stopped with its error code, or not reached), and on the right what the
 * client could conclude from the response. Playback fades what it has not
 * revealed yet.
 *
 * Drawn by hand in SVG, in Plot's manner (its class, band layout and text placement), not with
 * Plot: it is the chart in lesson 2's lab, redrawn on every keystroke and shown at load, and
 * Plot loads only for charts further down a page (see plot-on-demand.ts).
 */
import type {MessageTransaction} from "../../../lib/message/index.js";
import {MESSAGE_STAGE_NAMES} from "../../../lib/message/index.js";
import {withChartNote} from "../chart-note.js";
import {svgElement as svg} from "../dom.js";
import {colourLegend, withLegends} from "../legends.js";
import {bandLayout} from "../svg-axis.js";
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

const MARGIN_TOP = 40;
const MARGIN_BOTTOM = 10;
const STAGE_PADDING = 0.06;
const ROW_PADDING = 0.1;
/** Plot's text marks sit half a pixel off the band centre, for crisp glyphs. */
const HALF_PIXEL = 0.5;
/** Glyph widths without measuring text (system-ui, per character, as a fraction of the font size): bold digits, and plain names. */
const GLYPH_WIDTH_EM = 0.62;
const NAME_GLYPH_WIDTH_EM = 0.55;
const STAGE_NAME_FONT_PX = 10;
const CELL_LABEL_FONT_PX = 11;
const MIN_CELL_LABEL_FONT_PX = 7;
const ONE_LINE = 12;
const STAGE_WORDS = STAGES.map((stage) => stage.slice(stage.indexOf(". ") + 2));

/** Every stage name fits a band this wide. */
function stageNamesFit(bandWidth: number): boolean {
  return Math.max(...STAGE_WORDS.map((name) => name.length)) * NAME_GLYPH_WIDTH_EM * STAGE_NAME_FONT_PX <= bandWidth;
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

/** Where things go: a stage to its band, a row to its band. */
interface Layout {
  stageLeft: (stage: number) => number;
  stageWidth: number;
  rowTop: (row: number) => number;
  rowHeight: number;
  /** The plot area's top, and whether the stage names show above it. */
  top: number;
  named: boolean;
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
  const cells: Cell[] = drawn.flatMap((outcome, row) =>
    outcome.stages.map((verdict) => {
      const status: StatusWord = verdict.status === "pass" ? "passed" : verdict.status === "stop" ? "stopped" : "not reached";
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
  const client: ClientVerdict[] = compact ? [] : transaction.client.perRequest.slice(0, STAGE_GRID_MAX_REQUESTS).flatMap((decision) => {
    const row = drawn.findIndex((outcome) => outcome.requestIndex === decision.requestIndex);
    return row < 0 ? [] : [{row, text: `client: ${CLIENT_VERDICT_WORDS[decision.verdict]}`, faded: !clientRevealed(cursor, decision.requestIndex)}];
  });
  const stages = bandLayout(STAGES.length, marginLeft, width - marginRight, STAGE_PADDING);
  const named = stageNamesFit(stages.bandHeight);
  // Without the names' second line the header needs one line less.
  const top = named ? MARGIN_TOP : MARGIN_TOP - ONE_LINE;
  const height = top + 20 + drawn.length * ROW_HEIGHT;
  const rows = bandLayout(drawn.length, top, height - MARGIN_BOTTOM, ROW_PADDING);
  const layout: Layout = {stageLeft: stages.rowTop, stageWidth: stages.bandHeight, rowTop: rows.rowTop, rowHeight: rows.bandHeight, top, named};
  const chart = svg(
    "svg",
    {class: "plot-d6a7b5", fill: "currentColor", "font-family": "system-ui, sans-serif", "font-size": 10, "text-anchor": "middle", width, height, viewBox: `0 0 ${width} ${height}`},
    rowNamesMark(layout, drawn.map((_, row) => rowName(row)), marginLeft),
    stageNamesMark(layout),
    cellsMark(layout, cells),
    cellLabelsMark(layout, cells),
    // Beside the last stage, where Plot's text with dx = half a band + 6 put it.
    svg("g", {class: "client-verdicts", "text-anchor": "start", "font-size": 11}, client.map((verdict) =>
      svg("text", {x: stageCentre(layout, STAGES.length - 1) + (width - marginLeft - marginRight) / STAGES.length / 2 + 6, y: rowCentre(layout, verdict.row), dy: "0.32em", "fill-opacity": verdict.faded ? 0.2 : 1}, verdict.text)))
  );
  const note = hidden > 0 ? `${hidden} more request${hidden === 1 ? "" : "s"} (from request ${drawn.length}) not drawn; the request picker lists them all.` : null;
  return withChartNote(withLegends(chart, [colourLegend(STATUS_SCALE)]), note);
}

const stageCentre = (layout: Layout, stage: number) => layout.stageLeft(stage) + layout.stageWidth / 2 + HALF_PIXEL;
const rowCentre = (layout: Layout, row: number) => layout.rowTop(row) + layout.rowHeight / 2 + HALF_PIXEL;

function rowNamesMark(layout: Layout, names: readonly string[], marginLeft: number): SVGGElement {
  return svg("g", {class: "row-names", "text-anchor": "end"}, names.map((name, row) =>
    svg("text", {x: marginLeft - 8.5, y: rowCentre(layout, row), dy: "0.32em"}, name)));
}

/** Above each band: its number, and its name on the line below wherever every name fits its band. */
function stageNamesMark(layout: Layout): SVGGElement {
  return svg("g", {class: "stage-names"}, STAGES.map((stage, index) => {
    const number = stage.slice(0, stage.indexOf("."));
    const at = {x: stageCentre(layout, index), y: layout.top - 8.5};
    return layout.named
      ? svg("text", at, svg("tspan", {x: at.x, dy: "-1em"}, number), svg("tspan", {x: at.x, dy: "1em"}, STAGE_WORDS[index]!))
      : svg("text", at, number);
  }));
}

function cellsMark(layout: Layout, cells: readonly Cell[]): SVGGElement {
  return svg("g", {class: "stage-cells"}, cells.map((cell) =>
    svg("rect", {x: layout.stageLeft(cell.stage) + 1, width: layout.stageWidth - 2, y: layout.rowTop(cell.row) + 1, height: layout.rowHeight - 2, fill: STAGE_STATUS_COLOURS[cell.status], "fill-opacity": cell.faded ? 0.2 : 1},
      svg("title", null, cell.title))));
}

/** "pass" or the error code inside each cell, set smaller where a code would run past a narrow cell. */
function cellLabelsMark(layout: Layout, cells: readonly Cell[]): SVGGElement {
  const cellWidth = layout.stageWidth - 2;
  const fontSize = (label: string) => Math.max(MIN_CELL_LABEL_FONT_PX, Math.min(CELL_LABEL_FONT_PX, Math.floor((cellWidth - 4) / (label.length * GLYPH_WIDTH_EM))));
  return svg("g", {class: "stage-cell-labels", "font-size": CELL_LABEL_FONT_PX, "font-weight": 600, fill: "white"}, cells.filter((cell) => cell.label !== "").map((cell) => {
    const size = fontSize(cell.label);
    return svg("text", {x: stageCentre(layout, cell.stage), y: rowCentre(layout, cell.row), dy: "0.32em", "font-size": size === CELL_LABEL_FONT_PX ? null : size, "fill-opacity": cell.faded ? 0.2 : 1}, cell.label);
  }));
}
