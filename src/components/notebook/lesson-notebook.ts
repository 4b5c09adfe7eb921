/**
 * A lesson's own cells, under its run's tables: the starter cells that answer the lesson's
 * questions, or the cells the reader kept in this browser (per lesson), and a cell that arrived
 * by a link, shown first and marked so. Every cell runs only in its sandboxed frame.
 */
// From their own modules: lib/notebook/index.js also holds the cell's parser, which only the frame needs.
import {keptCellsKey, readKeptCells, writeKeptCells} from "../../../lib/notebook/kept-cells.js";
import {readSharedCell, sharedCellSearch} from "../../../lib/notebook/shared-cell.js";
import {CELL_PARAMETER} from "../../../lib/lesson-inputs/permalink.js";
import {element} from "../runtime/dom.js";
import {type CellData, NotebookCell} from "./notebook-cell.js";

export interface LessonNotebookOptions {
  /** The lesson's name, in exports and storage ("push delivery"). */
  lesson: string;
  /** The URL of the lesson's cell frame script (a FileAttachment of bundles/cell-frame-<lesson>.js). */
  frameScript: string;
  /** The cells a reader starts with. */
  starters: readonly string[];
}

export interface LessonNotebook {
  element: HTMLElement;
  /** The lab's newest run (its tables) and inputs: cells that have run run again. */
  show(data: CellData): void;
}

const LINK_NOTE =
  "This cell came from a link, and runs only when you press Run cell. Like every cell here it runs in a sandboxed frame: it cannot fetch or load anything from the network, nor reach this page, your storage or the address bar.";

export function LessonNotebook(options: LessonNotebookOptions): LessonNotebook {
  let data: CellData | null = null;
  const key = keptCellsKey(options.lesson);
  const kept = readKeptCells(readStorage(key));
  const notices = element("div", {class: "cell-notices"});
  if (kept.dropped) notices.append(notice(`Kept cells: ${kept.dropped}.`));
  const list = element("div", {class: "notebook-cells"});
  const cells: {cell: ReturnType<typeof NotebookCell>; kept: boolean}[] = [];
  // Names only count up, so two cells never share one (nor their exports' file names).
  let named = 0;
  const save = () =>
    writeStorage(key, writeKeptCells(cells.filter((entry) => entry.kept).map((entry) => entry.cell.code())));
  const add = (code: string, where: "kept" | "link") => {
    const entry = {
      kept: where === "kept",
      cell: NotebookCell({
        code,
        name: where === "link" ? "Cell from a link" : `Cell ${++named}`,
        lesson: options.lesson,
        frameScript: options.frameScript,
        data: () => data,
        note: where === "link" ? LINK_NOTE : undefined,
        onChange: () => (entry.kept ? save() : undefined),
        onRemove: () => {
          cells.splice(cells.indexOf(entry), 1);
          entry.cell.element.remove();
          entry.cell.discard();
          if (entry.kept) save();
          else forgetSharedCell();
        },
        onShare: shareCell
      })
    };
    cells.push(entry);
    list.append(entry.cell.element);
  };
  const shared = readSharedCell(location.search);
  if (shared.kind === "refused")
    notices.append(notice(`The link's “${shared.parameter}” (${shared.value}) is ${shared.problem}.`));
  if (shared.kind === "cell") add(shared.code, "link");
  for (const code of kept.cells ?? options.starters) add(code, "kept");
  const restore = () => {
    for (const entry of cells.filter((other) => other.kept)) {
      cells.splice(cells.indexOf(entry), 1);
      entry.cell.element.remove();
      entry.cell.discard();
    }
    named = 0;
    for (const code of options.starters) add(code, "kept");
    save();
  };
  const actions = element(
    "div",
    {class: "notebook-actions"},
    element("button", {type: "button", onclick: () => (add("", "kept"), save())}, "Add cell"),
    element("button", {type: "button", onclick: restore}, "Restore the starter cells")
  );
  return {
    element: element("div", {class: "lesson-notebook"}, notices, list, actions),
    show(next) {
      data = next;
      for (const entry of cells) entry.cell.dataChanged();
    }
  };
}

function shareCell(code: string, status: HTMLElement): void {
  const link = `${location.origin}${location.pathname}${sharedCellSearch(location.search, code)}`;
  const copied = navigator.clipboard?.writeText(link) ?? Promise.reject(new Error("no clipboard"));
  copied.then(
    () => (status.textContent = "Link copied."),
    () => (status.textContent = `The browser refused the clipboard; the link is ${link}`)
  );
}

/** The link's cell was removed: the address no longer carries it, so a reload does not bring it back. */
function forgetSharedCell(): void {
  const parameters = new URLSearchParams(location.search);
  parameters.delete(CELL_PARAMETER);
  const search = parameters.toString();
  history.replaceState(history.state, "", `${location.pathname}${search ? `?${search}` : ""}${location.hash}`);
}

function notice(text: string): HTMLElement {
  return element("p", {class: "cell-notice", role: "status"}, text);
}

// Storage can be refused (a private window, a full quota): the cells still work for this visit.
function readStorage(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeStorage(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept past this visit; nothing to tell the reader mid-typing.
  }
}
