/**
 * One reader's cell: its code (cell-editor.ts), a Run cell button, the output frame
 * (cell-frame-host.ts), a status line saying how the last run went, and the output's exports.
 * Once run, a cell runs again whenever the lab's run changes (Observable's rule), one run at a
 * time: while one runs, only the newest change waits.
 */
import {download, svgToPng} from "../export/image-files.js";
import {slideOfImage} from "../export/image-slide.js";
import {exportFileName} from "../export/chart-files.js";
import {element} from "../runtime/dom.js";
import {CellEditor} from "./cell-editor.js";
import {CellFrameHost, type CellRunOutcome} from "./cell-frame-host.js";
import {safeSvg} from "./safe-svg.js";

export interface CellData {
  run: unknown;
  inputs: Record<string, unknown>;
}

export interface NotebookCellOptions {
  code: string;
  /** "Cell 2", or "Cell from a link". */
  name: string;
  lesson: string;
  frameScript: string;
  /** The newest data, or null before the lab has a run. */
  data(): CellData | null;
  onChange(code: string): void;
  onRemove(): void;
  onShare(code: string, status: HTMLElement): void;
  /** A line shown above the code (where a cell came from). */
  note?: string;
}

export interface NotebookCell {
  element: HTMLElement;
  code(): string;
  /** The lab's run changed: a cell that has run runs again. */
  dataChanged(): void;
  /** The cell was removed: its frame goes with it. */
  discard(): void;
}

export function NotebookCell(options: NotebookCellOptions): NotebookCell {
  const output = CellFrameHost(options.frameScript, "Cell output");
  const status = element("p", {class: "cell-status", role: "status"});
  const exports = CellExports(output, options);
  let live = false;
  let running = false;
  let again = false;
  const run = async (): Promise<void> => {
    live = true;
    void editor.upgrade();
    if (running) {
      again = true;
      return;
    }
    running = true;
    do {
      again = false;
      const data = options.data();
      if (data === null) status.textContent = "The lab has no run yet.";
      else showOutcome(await output.run({code: editor.code(), ...data}));
    } while (again);
    running = false;
  };
  const showOutcome = (outcome: CellRunOutcome): void => {
    status.textContent = statusText(outcome);
    status.className = `cell-status cell-status-${outcome.kind}`;
    exports.hidden = !(outcome.kind === "shown" && outcome.chart);
  };
  const editor = CellEditor({code: options.code, onRun: () => void run(), onChange: options.onChange});
  const shareStatus = element("span", {class: "cell-share-status", role: "status"});
  const element_ = element(
    "section",
    {class: "notebook-cell", "aria-label": options.name},
    element("h4", {class: "cell-name"}, options.name),
    options.note ? element("p", {class: "cell-note"}, options.note) : null,
    editor.element,
    element(
      "div",
      {class: "cell-actions"},
      element("button", {type: "button", class: "cell-run", onclick: () => void run()}, "Run cell"),
      element("span", {class: "cell-hint"}, "or Shift+Enter"),
      element(
        "button",
        {
          type: "button",
          onclick: () => options.onShare(editor.code(), shareStatus),
          "aria-label": `Copy link to ${options.name}`
        },
        "Copy link"
      ),
      element("button", {type: "button", onclick: options.onRemove, "aria-label": `Remove ${options.name}`}, "Remove"),
      shareStatus
    ),
    status,
    output.element,
    exports
  );
  return {
    element: element_,
    code: () => editor.code(),
    dataChanged: () => (live ? void run() : undefined),
    discard: output.discard
  };
}

function statusText(outcome: CellRunOutcome): string {
  if (outcome.kind === "failed") return outcome.text;
  if (outcome.kind === "stopped") return outcome.text;
  if (outcome.kind === "shown" && outcome.chart) return "Shows a chart. It runs again when the lab's inputs change.";
  return `Shows ${outcome.text.length > 80 ? "its value" : outcome.text}. It runs again when the lab's inputs change.`;
}

/** SVG, PNG and slide downloads of the chart a cell shows; hidden until it shows one. */
function CellExports(output: CellFrameHost, options: NotebookCellOptions): HTMLElement {
  const status = element("span", {class: "export-status", role: "status"});
  const title = `${options.name} of ${options.lesson}`;
  const credit = `A2A Workbench · ${options.lesson} · a reader's cell`;
  // What the frame sends is the cell's: read as markup only in an inert document, and cleaned (safe-svg.ts).
  const exported = async () => {
    const chart = await output.exportSvg();
    return {...chart, svg: safeSvg(chart.svg)};
  };
  const fileName = (extension: "svg" | "png", suffix = "") =>
    exportFileName(options.lesson, `${options.name}${suffix}`, extension);
  const button = (text: string, label: string, save: () => Promise<void>) =>
    element(
      "button",
      {
        type: "button",
        "aria-label": label,
        onclick: () =>
          save().then(
            () => (status.textContent = ""),
            (error: unknown) =>
              (status.textContent = `Export failed: ${error instanceof Error ? error.message : String(error)}`)
          )
      },
      text
    );
  return element(
    "div",
    {class: "export-buttons cell-exports", hidden: true},
    button("SVG", `Download “${title}” as SVG`, async () =>
      download(new Blob([(await exported()).svg], {type: "image/svg+xml"}), fileName("svg"))
    ),
    button("PNG (2x)", `Download “${title}” as PNG at 2x`, async () =>
      download(await svgToPng((await exported()).svg), fileName("png"))
    ),
    button("Slide 16:9", `Download “${title}” on a Slide 16:9`, async () => {
      const chart = await exported();
      download(await svgToPng(slideOfImage(chart.svg, chart, {title, credit}), 1), fileName("png", " slide"));
    }),
    status
  );
}
