// @vitest-environment jsdom
/**
 * Lesson 2's views that are kept across edits: the request picker, updated in place with each
 * transaction.
 */
import {describe, expect, it, vi} from "vitest";
import {messageExample, runMessageTransaction} from "../../lib/message/index.js";
import {RequestPicker} from "../../src/components/message/stages.js";

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
