// @vitest-environment jsdom
/**
 * The message lesson's view pieces: where the editor marks text, that every
 * piece renders every example with user text as text, that huge values are cut
 * with a note, and snapshots of the stage chart.
 */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  MAX_MESSAGE_REQUEST_BYTES,
  MESSAGE_EXAMPLES,
  MESSAGE_SPEC_NOTES,
  messageExample,
  runMessageTransaction,
  type MessageFinding
} from "../../lib/message/index.js";
import {findChartSvg} from "../../src/components/export/standalone-svg.js";
import {capText, moreNotShown} from "../../src/components/message/capped-text.js";
import {highlightSegments, MARK_LINE_LIMIT} from "../../src/components/message/highlight.js";
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

function finding(from: number, to: number, severity: MessageFinding["severity"] = "error"): MessageFinding {
  return {
    stage: 1,
    severity,
    code: "test",
    pointer: "",
    span: {from, to, line: 1, column: from + 1, endLine: 1, endColumn: to + 1},
    rule: "r",
    message: "m",
    accepted: "a",
    requestIndex: null
  };
}

describe("highlightSegments", () => {
  it("draws a mark over its first MARK_LINE_LIMIT lines only, and counts it as cut", () => {
    const text = `x\n${"@\n".repeat(MARK_LINE_LIMIT * 2)}`;
    const {segments, cutMarks} = highlightSegments(text, [finding(2, text.length, "error")]);
    const mark = segments.find((segment) => segment.severity === "error")!;
    expect(mark.from).toBe(2);
    expect(text.slice(mark.from, mark.to).split("\n")).toHaveLength(MARK_LINE_LIMIT);
    expect(cutMarks).toBe(1);
    expect(highlightSegments(text, [finding(2, 5, "error")]).cutMarks).toBeUndefined();
  });

  it("leaves unmarked text as one run", () => {
    expect(highlightSegments("abcdef", [])).toEqual({
      segments: [{from: 0, to: 6, severity: null, point: false}],
      shownLength: 6,
      unmarkedFindings: 0
    });
  });

  it("lets the most severe mark win where marks overlap, and merges equal neighbours", () => {
    const {segments} = highlightSegments("0123456789", [
      finding(1, 8, "warning"),
      finding(3, 5, "error"),
      finding(6, 9, "warning"),
      finding(0, 0, "note")
    ]);
    expect(segments).toEqual([
      {from: 0, to: 0, severity: "note", point: true},
      {from: 0, to: 1, severity: null, point: false},
      {from: 1, to: 3, severity: "warning", point: false},
      {from: 3, to: 5, severity: "error", point: false},
      {from: 5, to: 9, severity: "warning", point: false},
      {from: 9, to: 10, severity: null, point: false}
    ]);
  });

  it("marks a position at the end of the text", () => {
    expect(highlightSegments("{", [finding(1, 1)]).segments).toEqual([
      {from: 0, to: 1, severity: null, point: false},
      {from: 1, to: 1, severity: "error", point: true}
    ]);
  });

  it("lays out only up to the limit, never splitting a surrogate pair, and counts what it cannot mark", () => {
    const text = "ab\uD83D\uDE00cd";
    const highlight = highlightSegments(text, [finding(1, 3), finding(5, 6)], 3);
    expect(highlight.shownLength).toBe(2);
    expect(highlight.unmarkedFindings).toBe(1);
    expect(highlight.segments).toEqual([
      {from: 0, to: 1, severity: null, point: false},
      {from: 1, to: 2, severity: "error", point: false}
    ]);
  });

  it("always covers the shown text with ordered, non-overlapping runs", () => {
    const span = fc.tuple(
      fc.nat(60),
      fc.nat(20),
      fc.constantFrom("error", "warning", "note") as fc.Arbitrary<MessageFinding["severity"]>
    );
    fc.assert(
      fc.property(
        fc.string({maxLength: 50}),
        fc.array(span, {maxLength: 12}),
        fc.integer({min: 1, max: 60}),
        (text, spans, limit) => {
          const {segments, shownLength} = highlightSegments(
            text,
            spans.map(([from, length, severity]) => finding(from, from + length, severity)),
            limit
          );
          const runs = segments.filter((segment) => !segment.point);
          let at = 0;
          for (const run of runs) {
            expect(run.from).toBe(at);
            expect(run.to).toBeGreaterThan(run.from);
            at = run.to;
          }
          expect(at).toBe(shownLength);
          for (const point of segments.filter((segment) => segment.point))
            expect(point.from).toBeLessThanOrEqual(shownLength);
        }
      ),
      {numRuns: 2000}
    );
  });
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
  it("starts with the first example, marks findings in its mirror as text, and loads examples", () => {
    const editor = RequestEditor(MESSAGE_EXAMPLES);
    expect(editor.value).toBe(MESSAGE_EXAMPLES[0]!.requestText);
    let inputs = 0;
    editor.addEventListener("input", (event) => {
      if (event.target === editor) inputs++;
    });
    editor.chooseExample("missing-kind");
    expect(inputs).toBe(1);
    expect(editor.exampleId).toBe("missing-kind");
    const text = messageExample("missing-kind")!.requestText;
    const transaction = runMessageTransaction(editor.value);
    editor.mark(editor.value, transaction.findings);
    const mirror = editor.querySelector(".request-editor-mirror-text")!;
    // The mirror holds the marked lines only, each on its own line, from its start to the last mark.
    const mirrorLines = mirror.textContent!.split("\n");
    const textLines = text.split("\n");
    expect(mirrorLines.length).toBeLessThanOrEqual(textLines.length);
    mirrorLines.forEach((line, index) => expect(textLines[index]!.startsWith(line)).toBe(true));
    const marks = [...mirror.querySelectorAll("mark.mark-error")];
    const span = transaction.findings[0]!.span!;
    expect(marks.map((mark) => mark.textContent)).toEqual([text.slice(span.from, span.to)]);
    // ...and the mark sits at its line and column.
    const range = document.createRange();
    range.setStart(mirror, 0);
    range.setEndBefore(marks[0]!);
    const linesBefore = range.toString().split("\n");
    expect([linesBefore.length, linesBefore.at(-1)!.length + 1]).toEqual([span.line, span.column]);
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain("First at line 6, column 16");
    // A stale transaction (the text changed since) is not drawn.
    editor.mark("something else", []);
    expect(mirror.querySelectorAll("mark")).toHaveLength(1);
  });

  it("names a text over the size limit from its length at once, and marks nothing in it", () => {
    const editor = RequestEditor(MESSAGE_EXAMPLES);
    const textarea = editor.querySelector("textarea")!;
    editor.mark(
      editor.value,
      runMessageTransaction('{"jsonrpc": 1}').findings.map((finding) => ({
        ...finding,
        span: {from: 0, to: 5, line: 1, column: 1, endLine: 1, endColumn: 6}
      }))
    );
    expect(editor.querySelector(".request-editor-mirror mark")).not.toBeNull();
    let heard = 0;
    editor.addEventListener("input", () => heard++);
    const text = " ".repeat(MAX_MESSAGE_REQUEST_BYTES + 1);
    textarea.value = text;
    // A keystroke (not a paste): named at once, but the page hears of it only once typing pauses.
    textarea.dispatchEvent(new Event("input", {bubbles: true}));
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain(
      `${text.length.toLocaleString("en-US")} characters: over the size limit of 1,048,576 bytes`
    );
    expect(editor.querySelector(".request-editor-mirror mark")).toBeNull();
    expect(heard).toBe(0);
    // A check that comes for it draws no marks either.
    editor.value = text;
    editor.mark(text, runMessageTransaction(text).findings);
    expect(editor.querySelector(".request-editor-mirror mark")).toBeNull();
    expect(editor.querySelector(".request-editor-status")!.textContent).toContain("over the size limit");
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
