/**
 * A cell's output: a sandboxed frame that runs the cell (cell-frame-document.ts) and the page's
 * side of talking to it. The page keeps time: a run that has not answered within
 * CELL_RUN_LIMIT_MS is stopped by discarding its frame (the next run makes a new one), so an
 * endless loop costs the reader a message, never the page, in a browser that runs a sandboxed
 * frame in a process of its own (Chromium does). A frame that floods the page with messages is
 * discarded too. Changed code runs in a fresh frame, so no timer of an earlier version outlives
 * it; the same code run again for new inputs keeps its frame (and whatever timers it started).
 */
import {
  CELL_OUTPUT_MAX_HEIGHT_PX,
  type FrameToPageMessage,
  frameToPageMessage
} from "../../../lib/notebook/frame-messages.js";
import {element} from "../runtime/dom.js";
import {CELL_FRAME_SANDBOX, cellFrameDocument} from "./cell-frame-document.js";

/** How long a cell may run before its frame is discarded. */
export const CELL_RUN_LIMIT_MS = 2_000;
/** How long a new frame may take to load its script (Plot and d3) before the run is given up. */
const FRAME_LOAD_LIMIT_MS = 20_000;
/** How long a chart's export may take: the frame serialises what it shows. */
const EXPORT_LIMIT_MS = 5_000;
/** More messages than this in a second is a cell flooding the page, not answering it. */
const MESSAGES_PER_SECOND_LIMIT = 120;

export type CellRunOutcome =
  | {kind: "shown"; text: string; chart: boolean}
  | {kind: "failed"; text: string}
  | {kind: "stopped"; text: string};

export interface CellRunData {
  code: string;
  run: unknown;
  inputs: Record<string, unknown>;
}

export type ExportedChart = {svg: string; width: number; height: number};

export interface CellFrameHost {
  /** The output region: the frame (once a cell ran) and nothing else. */
  element: HTMLElement;
  run(data: CellRunData): Promise<CellRunOutcome>;
  /** The output's largest chart as a standalone SVG; throws with the reason when there is none. */
  exportSvg(): Promise<ExportedChart>;
  /** The cell was removed: its frame and listener go. */
  discard(): void;
}

export function CellFrameHost(scriptHref: string, label: string): CellFrameHost {
  const region = element("div", {class: "cell-output", role: "region", "aria-label": label});
  let frame: LiveFrame | null = null;
  let frameCode: string | null = null;
  let runs = 0;
  let flooded = false;
  const discard = () => {
    frame?.discard();
    frame = null;
  };
  const frameFor = (code: string): LiveFrame => {
    if (frame !== null && frameCode === code) return frame;
    discard();
    frameCode = code;
    flooded = false;
    frame = LiveFrame(scriptHref, region, () => {
      flooded = true;
      discard();
    });
    return frame;
  };
  return {
    element: region,
    async run(data) {
      const current = frameFor(data.code);
      if (!(await current.ready)) {
        if (frame === current) discard();
        if (flooded) return floodStopped();
        return {kind: "stopped", text: "The cell's frame did not load its script, so the cell did not run."};
      }
      const outcome = await current.run(runs++, data);
      if (flooded) return floodStopped();
      if (outcome.kind === "stopped" && frame === current) discard();
      return outcome;
    },
    async exportSvg() {
      if (frame === null) throw new Error("the cell shows no chart");
      return frame.exportSvg();
    },
    discard
  };
}

interface LiveFrame {
  ready: Promise<boolean>;
  run(runId: number, data: CellRunData): Promise<CellRunOutcome>;
  exportSvg(): Promise<ExportedChart>;
  discard(): void;
}

/** One frame and the answers it gives, matched to what the page asked; `flooding` when it sends too much. */
function LiveFrame(scriptHref: string, region: HTMLElement, flooding: () => void): LiveFrame {
  const iframe = element("iframe", {
    title: "Cell output (a sandboxed frame)",
    sandbox: CELL_FRAME_SANDBOX,
    referrerpolicy: "no-referrer"
  });
  iframe.srcdoc = cellFrameDocument(scriptHref, document.baseURI);
  const runsWaiting = new Map<number, (message: Extract<FrameToPageMessage, {type: "done"}>) => void>();
  const exportsWaiting = new Map<number, (message: Extract<FrameToPageMessage, {type: "exported"}>) => void>();
  let readySeen: () => void = () => {};
  const counted = MessageBudget(flooding);
  const listener = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || !counted()) return;
    const parsed = frameToPageMessage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === "ready") readySeen();
    else if (message.type === "height")
      iframe.style.height = `${Math.min(CELL_OUTPUT_MAX_HEIGHT_PX, Math.ceil(message.px))}px`;
    else if (message.type === "done") runsWaiting.get(message.runId)?.(message);
    else exportsWaiting.get(message.requestId)?.(message);
  };
  window.addEventListener("message", listener);
  const ready = answerWithin<boolean>(FRAME_LOAD_LIMIT_MS, false, (answer) => (readySeen = () => answer(true)));
  region.replaceChildren(iframe);
  let exports = 0;
  return {
    ready,
    run(runId, data) {
      return answerWithin<CellRunOutcome>(CELL_RUN_LIMIT_MS, stopped(), (answer) => {
        runsWaiting.set(runId, (message) =>
          answer(
            message.outcome === "shown"
              ? {kind: "shown", text: message.text, chart: message.chart}
              : {kind: "failed", text: message.text}
          )
        );
        iframe.contentWindow?.postMessage({type: "run", runId, ...data}, "*");
      }).finally(() => runsWaiting.delete(runId));
    },
    async exportSvg() {
      const requestId = exports++;
      const answer = await answerWithin<Extract<FrameToPageMessage, {type: "exported"}> | null>(
        EXPORT_LIMIT_MS,
        null,
        (reply) => {
          exportsWaiting.set(requestId, reply);
          iframe.contentWindow?.postMessage({type: "export", requestId}, "*");
        }
      ).finally(() => exportsWaiting.delete(requestId));
      if (answer === null) throw new Error("the cell's frame did not answer (is the cell still running?)");
      if (answer.svg === null) throw new Error("the cell shows no chart");
      return {svg: answer.svg, width: answer.width, height: answer.height};
    },
    discard() {
      window.removeEventListener("message", listener);
      iframe.remove();
    }
  };
}

/** Counts a frame's messages per second; past the limit it calls `flooding` once and takes no more. */
function MessageBudget(flooding: () => void): () => boolean {
  let second = 0;
  let count = 0;
  let over = false;
  return () => {
    if (over) return false;
    const now = Math.floor(performance.now() / 1000);
    if (now !== second) [second, count] = [now, 0];
    if (++count <= MESSAGES_PER_SECOND_LIMIT) return true;
    over = true;
    flooding();
    return false;
  };
}

const stopped = (): CellRunOutcome => ({
  kind: "stopped",
  text: `Stopped: the cell ran longer than ${CELL_RUN_LIMIT_MS / 1000} s, so its frame was discarded. Change the cell and run it again.`
});

const floodStopped = (): CellRunOutcome => ({
  kind: "stopped",
  text: `Stopped: the cell sent the page more than ${MESSAGES_PER_SECOND_LIMIT} messages a second, so its frame was discarded.`
});

/** What `ask` answers, or `otherwise` when it has not answered within `limitMs`. */
function answerWithin<T>(limitMs: number, otherwise: T, ask: (answer: (value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve) => {
    const timer = setTimeout(() => resolve(otherwise), limitMs);
    ask((value) => {
      clearTimeout(timer);
      resolve(value);
    });
  });
}
