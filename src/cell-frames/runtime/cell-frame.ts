/**
 * What runs inside a cell's sandboxed frame (an opaque origin, no network: notebook/cell-frame-host.ts
 * makes it). It runs the reader's code with the run's tables, the lab's inputs, Plot, d3 and the
 * lesson's lib module, shows the last value (an element as itself, anything else as text), and
 * tells the page how it went and how tall it is. The page stops a run that does not answer in time.
 */
import * as Plot from "@observablehq/plot";
import * as d3 from "d3";
import {
  CELL_DONE_TEXT_MAX_CHARS,
  cellProgram,
  type FrameToPageMessage,
  inspectValue,
  type PageToFrameMessage,
  pageToFrameMessage
} from "../../../lib/notebook/index.js";
import {exportedOutput} from "./exported-output.js";

type CellFunction = (...values: unknown[]) => Promise<unknown>;
const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (
  ...parameters: string[]
) => CellFunction;

/** The names a cell sees, in the order its function takes them. */
const CELL_NAMES = ["run", "inputs", "Plot", "d3", "lib", "width"];

/**
 * WebRTC is the one way out a policy cannot close (CSP does not govern it in Chromium): the frame
 * takes the constructors away before any cell runs. A cell determined to reach them through a
 * frame of its own still could; docs/architecture.md says so.
 */
const PEER_CONNECTIONS = ["RTCPeerConnection", "webkitRTCPeerConnection", "RTCDataChannel", "RTCIceCandidate"];

export function startCellFrame(lib: object): void {
  for (const name of PEER_CONNECTIONS) Reflect.deleteProperty(window, name);
  const output = document.getElementById("output") as HTMLElement;
  let latest = -1;
  addEventListener("message", (event) => {
    if (event.source !== parent) return;
    const message = pageToFrameMessage.safeParse(event.data);
    if (!message.success) return;
    if (message.data.type === "run") {
      latest = message.data.runId;
      runCell(message.data, lib, output, () => latest).catch((error: unknown) =>
        post({
          type: "done",
          runId: message.data.runId,
          outcome: "failed",
          text: clipped(errorText(error)),
          chart: false
        })
      );
    } else post(exportedOutput(output, message.data.requestId));
  });
  new ResizeObserver(() => post({type: "height", px: document.documentElement.scrollHeight})).observe(document.body);
  post({type: "ready"});
}

async function runCell(
  message: Extract<PageToFrameMessage, {type: "run"}>,
  lib: object,
  output: HTMLElement,
  latest: () => number
): Promise<void> {
  const shown = await cellValue(message, lib);
  // A newer run (the inputs moved on) shows its own value; this one's is dropped.
  if (latest() !== message.runId) return;
  if (!shown.ok) {
    output.replaceChildren(paragraph("cell-error", shown.message));
    return post({type: "done", runId: message.runId, outcome: "failed", text: clipped(shown.message), chart: false});
  }
  // Showing a value runs its code too (a getter, a Proxy): an error there is the cell's, said as such.
  show(output, shown.value);
  post({
    type: "done",
    runId: message.runId,
    outcome: "shown",
    text: clipped(describe(shown.value)),
    chart: output.querySelector("svg") !== null
  });
}

const clipped = (text: string): string => text.slice(0, CELL_DONE_TEXT_MAX_CHARS);

async function cellValue(
  message: Extract<PageToFrameMessage, {type: "run"}>,
  lib: object
): Promise<{ok: true; value: unknown} | {ok: false; message: string}> {
  const program = cellProgram(message.code);
  if (!program.ok) return program;
  try {
    const cell = new AsyncFunction(...CELL_NAMES, `"use strict";\n${program.body}`);
    // `width`, as in an Observable notebook: the room the output has, for a chart to fill it.
    const width = document.getElementById("output")?.clientWidth ?? 640;
    return {ok: true, value: await cell(message.run, message.inputs, Plot, d3, lib, width)};
  } catch (error) {
    return {ok: false, message: errorText(error)};
  }
}

function show(output: HTMLElement, value: unknown): void {
  if (value instanceof Element) output.replaceChildren(value);
  else output.replaceChildren(Object.assign(document.createElement("pre"), {textContent: inspectValue(value)}));
}

function describe(value: unknown): string {
  if (value instanceof SVGSVGElement || (value instanceof Element && value.querySelector("svg") !== null))
    return "a chart";
  if (value instanceof Element) return `a ${value.tagName.toLowerCase()} element`;
  return inspectValue(value);
}

function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return `Thrown: ${inspectValue(error)}`;
}

function paragraph(className: string, text: string): HTMLElement {
  return Object.assign(document.createElement("p"), {className, textContent: text});
}

function post(message: FrameToPageMessage): void {
  // The frame's origin is opaque and it sends nothing secret: the page checks every message it takes.
  parent.postMessage(message, "*");
}
