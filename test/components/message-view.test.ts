// @vitest-environment jsdom
/**
 * The message lesson's view pieces: where the editor marks text, that every
 * piece renders every example with user text as text, that huge values are cut
 * with a note, and snapshots of the stage chart.
 */
import {describe, expect, it, vi} from "vitest";
import {
  MAX_MESSAGE_REQUEST_BYTES,
  MESSAGE_EXAMPLES,
  MESSAGE_SPEC_NOTES,
  messageExample,
  runMessageTransaction
} from "../../lib/message/index.js";
import {findChartSvg} from "../../src/components/export/standalone-svg.js";
import {capText, moreNotShown} from "../../src/components/message/capped-text.js";
import {dedentContinuation} from "../../src/components/message/parts.js";
import {
  FindingList,
  GateTrace,
  PartInspector,
  ReceiptsAndClient,
  RequestEditor,
  RequestPicker,
  ResponseView,
  SpecNoteList,
  StageGates,
  StageGrid,
  TransactionSummary,
  gateCursor
} from "../../src/components/message/index.js";
import {typeScale} from "../../src/components/chart/type-scale.js";
import {compareSnapshot} from "../snapshot.js";

// jsdom lays nothing out, and CodeMirror (lesson 2's request box) measures text through a Range's rectangles.
Range.prototype.getClientRects = () => Object.assign([], {item: () => null}) as unknown as DOMRectList;
Range.prototype.getBoundingClientRect = () => ({
  x: 0,
  y: 0,
  top: 0,
  left: 0,
  right: 0,
  bottom: 0,
  width: 0,
  height: 0,
  toJSON: () => ({})
});

describe("cut text", () => {
  it("cuts at the limit, not inside a surrogate pair, and says how much is left out", () => {
    expect(capText("abc", 5)).toEqual({shown: "abc", hidden: 0});
    expect(capText("a\uD83D\uDE00b", 2)).toEqual({shown: "a", hidden: 3});
    expect(moreNotShown(12345)).toBe("… 12,345 more characters not shown");
    expect(moreNotShown(1, "part")).toBe("… 1 more part not shown");
  });

  it("removes the request's indentation from a value sliced out of it", () => {
    expect(dedentContinuation('{\n          "a": 1,\n          "b": [\n            2\n          ]\n        }')).toBe(
      '{\n  "a": 1,\n  "b": [\n    2\n  ]\n}'
    );
    expect(dedentContinuation('{"a": 1}')).toBe('{"a": 1}');
  });
});

/** Every view piece for one transaction, as the page builds them. */
function renderAll(requestText: string): HTMLElement {
  const transaction = runMessageTransaction(requestText);
  const outcome = transaction.requests[0]!;
  const cursor = gateCursor(transaction.trace.slice(0, 2));
  const root = document.createElement("main");
  root.append(
    TransactionSummary(transaction),
    StageGrid(transaction, {width: 640, cursor}),
    RequestPicker(transaction, {index: 0}),
    StageGates(transaction, outcome, cursor),
    GateTrace(transaction.trace, transaction.trace.length),
    FindingList(transaction.findings, {onLocate: () => {}}),
    PartInspector(outcome),
    ResponseView(transaction),
    ReceiptsAndClient(transaction),
    SpecNoteList(transaction.specNotes),
    SpecNoteList(Object.values(MESSAGE_SPEC_NOTES), {touched: new Set(transaction.specNotes.map((note) => note.id))})
  );
  return root;
}

describe("the view pieces", () => {
  it.each(MESSAGE_EXAMPLES.map((example) => [example.id, example.requestText]))("render %s", (_, requestText) => {
    const root = renderAll(requestText);
    expect(root.querySelectorAll(".stage-gate")).toHaveLength(6);
    expect(root.textContent).not.toContain("undefined");
    expect(root.textContent).not.toContain("NaN");
  });

  it("show user text as text, never as markup", () => {
    const hostile =
      '{"jsonrpc":"2.0","id":"<b>x</b>","method":"message/send","params":{"message":{"kind":"message","messageId":"<i>m</i>","role":"user","parts":[{"kind":"text","text":"<script>alert(1)</script>"},{"kind":"data","data":{"<img>":1}}]}}}';
    const root = renderAll(hostile);
    expect(root.querySelectorAll("b, i, script, img")).toHaveLength(0);
    expect(root.textContent).toContain("<script>alert(1)</script>");
    expect(root.textContent).toContain('"<b>x</b>"');
  });

  it("cut a huge request to what a page can lay out, and say so", () => {
    const parts = Array.from(
      {length: 300},
      (_, k) => `{"kind":"text","text":"${k === 0 ? "x".repeat(50_000) : "p"}"}`
    ).join(",");
    const root = renderAll(
      `{"jsonrpc":"2.0","id":1,"method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":[${parts}]}}}`
    );
    expect(root.querySelectorAll(".part-card")).toHaveLength(50);
    const notes = [...root.querySelectorAll(".capped-note")].map((note) => note.textContent);
    expect(notes).toContain("… 250 more parts not shown.");
    expect(notes).toContain("… 48,000 more characters not shown.");
  });

  it("keep the trace to its latest decisions", () => {
    const batch = `[${Array.from({length: 100}, (_, k) => `{"jsonrpc":"2.0","id":${k},"method":"nope"}`).join(",")}]`;
    const transaction = runMessageTransaction(batch);
    expect(transaction.trace.length).toBeGreaterThan(200);
    const trace = GateTrace(transaction.trace, transaction.trace.length);
    expect(trace.querySelectorAll(".decision-trace > li")).toHaveLength(200);
    expect(trace.querySelector(".capped-note")!.textContent).toContain(
      `${transaction.trace.length - 200} more earlier decisions not shown`
    );
  });
});

describe("the transaction summary", () => {
  const figures = (requestText: string) =>
    [...TransactionSummary(runMessageTransaction(requestText)).querySelectorAll(".summary-figure")].map(
      (figure) => figure.textContent
    );

  it.each(["{not json", "[]"])("counts %s as one text that is not a request, answered once", (requestText) => {
    const shown = figures(requestText);
    expect(shown).toContain("1text sent that is not a request");
    expect(shown).toContain("1response object sent back");
    expect(shown.some((text) => text?.endsWith("requests the client sent"))).toBe(false);
  });

  it("counts the requests of a batch as requests", () => {
    expect(figures('[{"jsonrpc":"2.0","id":1,"method":"x"},{"jsonrpc":"2.0","id":2,"method":"y"}]')).toContain(
      "2requests the client sent"
    );
  });
});

describe("the request editor", () => {
  /** The editor once CodeMirror has taken the plain box's place. */
  async function loadedEditor() {
    const editor = RequestEditor(MESSAGE_EXAMPLES);
    document.body.append(editor);
    await vi.waitFor(() => expect(editor.querySelector(".cm-editor")).not.toBeNull(), {timeout: 10_000});
    return editor;
  }

  it("starts with the first example, marks findings on their spans as text, and loads examples", async () => {
    const editor = await loadedEditor();
    expect(editor.value).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    let inputs = 0;
    editor.addEventListener("input", (event) => {
      if (event.target === editor) inputs++;
    });
    editor.chooseExample("missing-kind");
    expect(inputs).toBe(1);
    expect(editor.exampleId).toBe("missing-kind");
    const text = messageExample("missing-kind")!.requestText;
    expect(editor.querySelector(".cm-content")!.textContent).toBe(text.replace(/\n/g, ""));
    const transaction = runMessageTransaction(editor.value);
    editor.mark(editor.value, transaction.findings);
    const span = transaction.findings[0]!.span!;
    // The marked text, line by line (CodeMirror draws a mark on each line it covers).
    const marked = () =>
      [...editor.querySelectorAll(".cm-line")]
        .map((line) => [...line.querySelectorAll(".cm-lintRange-error")].map((mark) => mark.textContent).join(""))
        .filter((line) => line !== "")
        .join("\n");
    await vi.waitFor(() => expect(marked()).toBe(text.slice(span.from, span.to)));
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain("First at line 6, column 16");
    // A stale transaction (the text changed since) is not drawn.
    editor.mark("something else", []);
    expect(marked()).toBe(text.slice(span.from, span.to));
    editor.remove();
  });

  it("names a text over the size limit from its length at once, and marks nothing in it", async () => {
    const editor = await loadedEditor();
    const marks = () => editor.querySelectorAll(".cm-lintRange").length;
    editor.mark(editor.value, [
      {
        ...runMessageTransaction('{"jsonrpc": 1}').findings[0]!,
        span: {from: 0, to: 5, line: 1, column: 1, endLine: 1, endColumn: 6}
      }
    ]);
    await vi.waitFor(() => expect(marks()).toBeGreaterThan(0));
    // The page's answer for a text over the limit (as a paste in the plain box would bring): no marks, and the limit named.
    const text = " ".repeat(MAX_MESSAGE_REQUEST_BYTES + 1);
    editor.value = text;
    // Findings with a span, as a parsed text has: only the limit keeps them from being marked.
    editor.mark(text, [
      {
        ...runMessageTransaction('{"jsonrpc": 1}').findings[0]!,
        span: {from: 0, to: 5, line: 1, column: 1, endLine: 1, endColumn: 6}
      }
    ]);
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain(
      `${text.length.toLocaleString("en-US")} characters: over the size limit of 1,048,576 bytes`
    );
    await vi.waitFor(() => expect(marks()).toBe(0));
    editor.remove();
  });

  it("names a keystroke that takes the plain box over the limit at once, and tells the page only once typing pauses", () => {
    const editor = RequestEditor(MESSAGE_EXAMPLES);
    const textarea = editor.querySelector("textarea")!;
    let heard = 0;
    editor.addEventListener("input", () => heard++);
    const text = " ".repeat(MAX_MESSAGE_REQUEST_BYTES + 1);
    textarea.value = text;
    textarea.dispatchEvent(new Event("input", {bubbles: true}));
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain(
      `${text.length.toLocaleString("en-US")} characters: over the size limit of 1,048,576 bytes`
    );
    expect(heard).toBe(0);
  });

  it("refuses a paste that would take the request over the limit, before the box takes it", () => {
    const editor = RequestEditor(MESSAGE_EXAMPLES);
    const textarea = editor.querySelector("textarea")!;
    const paste = (text: string) => {
      const event = new Event("paste", {bubbles: true, cancelable: true}) as ClipboardEvent;
      Object.defineProperty(event, "clipboardData", {value: {getData: () => text}});
      textarea.setSelectionRange(0, textarea.value.length);
      return textarea.dispatchEvent(event);
    };
    expect(paste(" ".repeat(MAX_MESSAGE_REQUEST_BYTES))).toBe(true);
    expect(paste(" ".repeat(MAX_MESSAGE_REQUEST_BYTES + 1))).toBe(false);
    expect(editor.querySelector(".request-editor-status")!.textContent).toMatch(
      /^Not pasted: with it the request would be 1,048,577 characters or more, over the size limit/
    );
  });
});

describe("stage chart snapshots", () => {
  it.each(["valid-send", "parse-error", "batch", "notifications-only-batch"])("%s", (id) => {
    const transaction = runMessageTransaction(messageExample(id)!.requestText);
    const svg = findChartSvg(StageGrid(transaction, {width: 640}))!.outerHTML;
    expect(compareSnapshot(`message-stages-${id}`, svg)).toBeNull();
  });

  it("drops ids, stage names and the client column on a narrow screen", () => {
    const transaction = runMessageTransaction(messageExample("batch")!.requestText);
    const svg = findChartSvg(StageGrid(transaction, {width: 360}))!.outerHTML;
    expect(compareSnapshot("message-stages-batch-narrow", svg)).toBeNull();
    expect(svg).not.toContain("client:");
  });

  it("names the stages wherever the names fit their columns (the lab's 448 px column), and shrinks error codes to fit narrow cells", () => {
    const transaction = runMessageTransaction(messageExample("batch")!.requestText);
    const inLab = findChartSvg(StageGrid(transaction, {width: 448}))!;
    expect([...inLab.querySelectorAll(".stage-names tspan")].map((tspan) => tspan.textContent)).toContain("Envelope");
    expect(inLab.textContent).not.toContain("client:");
    const narrow = findChartSvg(StageGrid(transaction, {width: 320}))!;
    expect(narrow.querySelectorAll(".stage-names tspan")).toHaveLength(0);
    const code = [...narrow.querySelectorAll(".stage-cell-labels text")].find((text) => text.textContent === "-32601")!;
    const cellWidth = Number(narrow.querySelector(".stage-cells rect")!.getAttribute("width"));
    // The code, at the size it is set, with 2 px on either side, fits the cell.
    expect(typeScale().widthOf("-32601", Number(code.getAttribute("font-size"))) + 4).toBeLessThanOrEqual(cellWidth);
  });

  it("fades what playback has not revealed", () => {
    const transaction = runMessageTransaction(messageExample("batch")!.requestText);
    const svg = findChartSvg(StageGrid(transaction, {width: 640, cursor: gateCursor(transaction.trace.slice(0, 3))}))!;
    const cells = [...svg.querySelectorAll(".stage-cells rect")];
    expect(cells).toHaveLength(24);
    const faded = cells.filter((cell) => cell.getAttribute("fill-opacity") === "0.2");
    expect(faded.length).toBe(24 - 2 - 4);
  });

  it("draws at most 30 requests and says how many more there are", () => {
    const batch = `[${Array.from({length: 45}, (_, k) => `{"jsonrpc":"2.0","id":${k},"method":"nope"}`).join(",")}]`;
    const chart = StageGrid(runMessageTransaction(batch), {width: 640});
    expect(findChartSvg(chart)!.querySelectorAll(".stage-cells rect")).toHaveLength(30 * 6);
    expect(chart.querySelector("[role=note]")?.textContent).toBe(
      "15 more requests (from request 30) not drawn; the request picker lists them all."
    );
  });
});
