/**
 * A cell's output: a sandboxed frame that runs the cell (cell-frame-document.ts) and the page's
 * side of talking to it. The page keeps time: a run that has not answered within
 * CELL_RUN_LIMIT_MS is stopped by discarding its frame (the next run makes a new one), so an
 * endless loop costs the reader a message, never the page (the frame runs in a process of its own
 * where the browser isolates sandboxed frames, as Chromium does).
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

export type CellRunOutcome = {kind: "shown" | "failed"; text: string} | {kind: "stopped"; text: string};

export interface CellRunData {
  code: string;
  run: unknown;
  inputs: Record<string, unknown>;
}

export interface CellFrameHost {
  /** The output region: the frame (once a cell ran) and nothing else. */
  element: HTMLElement;
  run(data: CellRunData): Promise<CellRunOutcome>;
  /** The output's largest chart as a standalone SVG, or null when it shows none. */
  exportSvg(): Promise<{svg: string; width: number; height: number} | null>;
}

export function CellFrameHost(scriptHref: string, label: string): CellFrameHost {
  const region = element("div", {class: "cell-output", role: "region", "aria-label": label});
  let frame: LiveFrame | null = null;
  let runs = 0;
  const fresh = (): LiveFrame => {
    frame?.discard();
    frame = LiveFrame(scriptHref, region);
    return frame;
  };
  return {
    element: region,
    async run(data) {
      const runId = runs++;
      const current = frame ?? fresh();
      if (!(await current.ready)) {
        if (frame === current) frame = null;
        current.discard();
        return {kind: "stopped", text: "The cell's frame did not load its script, so the cell did not run."};
      }
      const outcome = await current.run(runId, data);
      if (outcome.kind === "stopped" && frame === current) {
        current.discard();
        frame = null;
      }
      return outcome;
    },
    async exportSvg() {
      return frame === null ? null : frame.exportSvg();
    }
  };
}

interface LiveFrame {
  ready: Promise<boolean>;
  run(runId: number, data: CellRunData): Promise<CellRunOutcome>;
  exportSvg(): Promise<{svg: string; width: number; height: number} | null>;
  discard(): void;
}

/** One frame and the answers it gives, matched to what the page asked. */
function LiveFrame(scriptHref: string, region: HTMLElement): LiveFrame {
  const iframe = element("iframe", {
    title: "Cell output (a sandboxed frame)",
    sandbox: CELL_FRAME_SANDBOX,
    referrerpolicy: "no-referrer",
    loading: "eager"
  });
  iframe.srcdoc = cellFrameDocument(scriptHref, document.baseURI);
  const waiting = new Map<number, (message: FrameToPageMessage) => void>();
  let readySeen: () => void = () => {};
  const listener = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow) return;
    const parsed = frameToPageMessage.safeParse(event.data);
    if (!parsed.success) return;
    const message = parsed.data;
    if (message.type === "ready") readySeen();
    else if (message.type === "height")
      iframe.style.height = `${Math.min(CELL_OUTPUT_MAX_HEIGHT_PX, Math.ceil(message.px))}px`;
    else waiting.get(message.type === "done" ? message.runId : -1 - message.requestId)?.(message);
  };
  window.addEventListener("message", listener);
  const ready = answerWithin<boolean>(FRAME_LOAD_LIMIT_MS, false, (answer) => (readySeen = () => answer(true)));
  region.replaceChildren(iframe);
  let exports = 0;
  return {
    ready,
    run(runId, data) {
      return answerWithin<CellRunOutcome>(CELL_RUN_LIMIT_MS, stopped(), (answer) => {
        waiting.set(runId, (message) => {
          if (message.type === "done") answer({kind: message.outcome, text: message.text});
        });
        iframe.contentWindow?.postMessage({type: "run", runId, ...data}, "*");
      }).finally(() => waiting.delete(runId));
    },
    exportSvg() {
      const requestId = exports++;
      return answerWithin<{svg: string; width: number; height: number} | null>(CELL_RUN_LIMIT_MS, null, (answer) => {
        waiting.set(-1 - requestId, (message) => {
          if (message.type === "exported")
            answer(message.svg === null ? null : {svg: message.svg, width: message.width, height: message.height});
        });
        iframe.contentWindow?.postMessage({type: "export", requestId}, "*");
      }).finally(() => waiting.delete(-1 - requestId));
    },
    discard() {
      window.removeEventListener("message", listener);
      iframe.remove();
    }
  };
}

const stopped = (): CellRunOutcome => ({
  kind: "stopped",
  text: `Stopped: the cell ran longer than ${CELL_RUN_LIMIT_MS / 1000} s, so its frame was discarded. Change the cell and run it again.`
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
