// @vitest-environment jsdom
/**
 * Lesson 2's views that are kept across edits: the editor's mirror, which holds only the
 * marked lines and rebuilds only what an edit changed, and the request picker, updated in
 * place with each transaction.
 */
import fc from "fast-check";
import {describe, expect, it, vi} from "vitest";
import {messageExample, runMessageTransaction, type MessageFinding} from "../../lib/message/index.js";
import {highlightSegments} from "../../src/components/message/highlight.js";
import {Mirror, mirrorWindows} from "../../src/components/message/mirror.js";
import {RequestPicker} from "../../src/components/message/stages.js";

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

/** Each mark as [line, column, text, class], from the text before it in the mirror. */
function marksOf(pre: HTMLElement): [number, number, string, string][] {
  return [...pre.querySelectorAll("mark")].map((mark) => {
    const range = document.createRange();
    range.setStart(pre, 0);
    range.setEndBefore(mark);
    const lines = range.toString().split("\n");
    return [lines.length, lines.at(-1)!.length + 1, mark.textContent ?? "", mark.className];
  });
}

/** The same, as a mirror of the whole text would place them. */
function expectedMarks(
  text: string,
  findings: readonly MessageFinding[],
  limit?: number
): [number, number, string, string][] {
  return highlightSegments(text, findings, limit)
    .segments.filter((segment) => segment.severity !== null)
    .map((segment) => {
      const lines = text.slice(0, segment.from).split("\n");
      return [
        lines.length,
        lines.at(-1)!.length + 1,
        segment.point ? "" : text.slice(segment.from, segment.to),
        `mark-${segment.severity}${segment.point ? " mark-point" : ""}`
      ];
    });
}

function shownIn(text: string, findings: readonly MessageFinding[], limit?: number): HTMLElement {
  const pre = document.createElement("pre");
  Mirror(pre).show(text, highlightSegments(text, findings, limit));
  return pre;
}

const severities = fc.constantFrom("error", "warning", "note") as fc.Arbitrary<MessageFinding["severity"]>;
const textWithLines = fc
  .array(fc.constantFrom("a", "b", " ", "\n", "\n", "😀"), {maxLength: 60})
  .map((chars) => chars.join(""));
const spans = fc.array(fc.tuple(fc.nat(60), fc.nat(12), severities), {maxLength: 8});

describe("the editor's mirror", () => {
  it("places every mark at the line and column a mirror of the whole text would, and holds only marked lines", () => {
    fc.assert(
      fc.property(textWithLines, spans, fc.integer({min: 1, max: 60}), (text, spanList, limit) => {
        const findings = spanList.map(([from, length, severity]) => finding(from, from + length, severity));
        const pre = shownIn(text, findings, limit);
        expect(marksOf(pre)).toEqual(expectedMarks(text, findings, limit));
        const textLines = text.split("\n");
        pre.textContent!.split("\n").forEach((line, index) => expect(textLines[index]!.startsWith(line)).toBe(true));
      }),
      {numRuns: 2000}
    );
  });

  it("joins marks on one line into one window, and counts the lines between windows", () => {
    const text = "ab cd\nskip\nskip\nef gh\nij";
    const windows = mirrorWindows(
      text,
      highlightSegments(text, [finding(0, 2), finding(3, 5, "warning"), finding(18, 20), finding(24, 24)])
    );
    expect(windows.map(({lineBreaksBefore, from, to, marks}) => [lineBreaksBefore, from, to, marks.length])).toEqual([
      [0, 0, 5, 2],
      [3, 16, 20, 1],
      [1, 22, 24, 1]
    ]);
    expect(shownIn(text, [finding(0, 2), finding(3, 5, "warning"), finding(18, 20), finding(24, 24)]).textContent).toBe(
      "ab cd\n\n\nef g\nij"
    );
  });

  it("is empty when nothing is marked, however long the text", () => {
    const text = `${"x".repeat(200_000)}\n`.repeat(5);
    expect(shownIn(text, []).childNodes).toHaveLength(0);
  });

  it("lays out one line for one mark in a megabyte of lines", () => {
    const text = Array.from({length: 12_000}, (_, k) => `line ${k} ${"a".repeat(80)}`).join("\n");
    const at = text.indexOf("line 700 ");
    const pre = shownIn(text, [finding(at + 5, at + 8)]);
    expect(pre.textContent!.length).toBeLessThan(800);
    expect(marksOf(pre)).toEqual([[701, 6, "700", "mark-error"]]);
  });

  it("keeps every node when an edit changes no marked line, and rewrites only the line count above a mark", () => {
    const text = 'one\ntwo "bad"\nthree\nfour "worse"\nfive';
    const marked = (source: string) => [
      finding(source.indexOf('"bad"'), source.indexOf('"bad"') + 5),
      finding(source.indexOf('"worse"'), source.indexOf('"worse"') + 7, "warning")
    ];
    const pre = document.createElement("pre");
    const mirror = Mirror(pre);
    mirror.show(text, highlightSegments(text, marked(text)));
    const nodes = [...pre.childNodes];
    const observer = new MutationObserver(() => {});
    observer.observe(pre, {childList: true, subtree: true, characterData: true, attributes: true});

    const typedAtEnd = `${text}!`;
    mirror.show(typedAtEnd, highlightSegments(typedAtEnd, marked(typedAtEnd)));
    expect(observer.takeRecords()).toHaveLength(0);

    const lineAbove = `\n${text}`;
    mirror.show(lineAbove, highlightSegments(lineAbove, marked(lineAbove)));
    const records = observer.takeRecords();
    expect(records.map((record) => record.type)).toEqual(["characterData"]);
    expect(records[0]!.target).toBe(nodes[0]);
    expect([...pre.childNodes]).toEqual(nodes);
    expect(marksOf(pre)).toEqual(expectedMarks(lineAbove, marked(lineAbove)));

    // An edit on a marked line rebuilds that window only.
    const editedLine = lineAbove.replace("two ", "two  ");
    mirror.show(editedLine, highlightSegments(editedLine, marked(editedLine)));
    const after = [...pre.childNodes];
    expect(after[1]).not.toBe(nodes[1]);
    expect(after.slice(2)).toEqual(nodes.slice(2));
    expect(marksOf(pre)).toEqual(expectedMarks(editedLine, marked(editedLine)));
    observer.disconnect();
  });

  it("after any sequence of edits, shows what a fresh mirror of the last text shows", () => {
    const edit = fc.tuple(fc.nat(80), fc.nat(4), fc.constantFrom("", "x", "\n", "ab\n"));
    fc.assert(
      fc.property(textWithLines, fc.array(fc.tuple(edit, spans), {minLength: 1, maxLength: 6}), (start, steps) => {
        const pre = document.createElement("pre");
        const mirror = Mirror(pre);
        let text = start;
        for (const [[at, removed, inserted], spanList] of steps) {
          const from = Math.min(at, text.length);
          text = text.slice(0, from) + inserted + text.slice(from + removed);
          const findings = spanList.map(([spanFrom, length, severity]) =>
            finding(spanFrom, spanFrom + length, severity)
          );
          mirror.show(text, highlightSegments(text, findings));
          expect(pre.innerHTML).toBe(shownIn(text, findings).innerHTML);
        }
      }),
      {numRuns: 500}
    );
  });
});

describe("the request picker", () => {
  const batch = runMessageTransaction(messageExample("batch")!.requestText);
  const single = runMessageTransaction(messageExample("valid-send")!.requestText);
  const shorterBatch = runMessageTransaction(
    `[${[0, 1].map((k) => `{"jsonrpc":"2.0","id":${k},"method":"nope"}`).join(",")}]`
  );

  it("lists a batch's requests, and hides itself, empty, for a single request", () => {
    const picker = RequestPicker();
    expect(picker.hidden).toBe(true);
    picker.update(batch);
    expect(picker.hidden).toBe(false);
    expect(picker.querySelectorAll("option")).toHaveLength(batch.requests.length);
    expect(picker.querySelector(".request-picker-count")!.textContent).toBe(
      `${batch.requests.length} requests in this batch`
    );
    picker.update(single);
    expect(picker.hidden).toBe(true);
    expect(picker.childNodes).toHaveLength(0);
    expect(picker.value).toBe(0);
  });

  it("keeps its select and the reader's choice across updates, and rewrites only options that changed", () => {
    const picker = RequestPicker(batch);
    const select = picker.querySelector("select")!;
    const onInput = vi.fn();
    picker.addEventListener("input", onInput);
    select.value = "2";
    select.dispatchEvent(new Event("change"));
    expect(picker.value).toBe(2);
    expect(onInput).toHaveBeenCalledTimes(1);
    const options = [...select.options];
    picker.update(runMessageTransaction(messageExample("batch")!.requestText));
    expect(picker.querySelector("select")).toBe(select);
    expect([...select.options]).toEqual(options);
    expect(select.value).toBe("2");
    expect(picker.value).toBe(2);
    expect(onInput).toHaveBeenCalledTimes(1);
  });

  it("chooses the first request, and tells the page, when the chosen one is gone", () => {
    const picker = RequestPicker(batch);
    const select = picker.querySelector("select")!;
    select.value = "3";
    select.dispatchEvent(new Event("change"));
    const onInput = vi.fn();
    picker.addEventListener("input", onInput);
    picker.update(shorterBatch);
    expect(select.options).toHaveLength(2);
    expect(select.value).toBe("0");
    expect(picker.value).toBe(0);
    expect(onInput).toHaveBeenCalledTimes(1);
  });
});
