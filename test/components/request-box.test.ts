/**
 * How long lesson 2's request box would be after a paste or a drop: what decides, before the
 * box takes it, whether it goes in (a text longer than the limit in characters is over it in bytes).
 */
import {describe, expect, it} from "vitest";
import {MAX_MESSAGE_REQUEST_BYTES} from "../../lib/message/index.js";
import {lengthAfterDrop, lengthAfterPaste} from "../../src/components/message/request-box.js";
import {lengthAfterInsert, overLimitByLength} from "../../src/components/message/size-verdict.js";

/** A DataTransfer as far as the box reads one: its text and its files. */
const transfer = (text: string, fileSizes: number[] = []) =>
  ({
    getData: (type: string) => (type === "text/plain" ? text : ""),
    files: fileSizes.map((size) => ({size}))
  }) as unknown as DataTransfer;

describe("the box's length after a paste", () => {
  it("replaces the selection, and counts a CRLF as the one line break the box keeps, once that matters", () => {
    expect(lengthAfterPaste(100, 10, transfer("abc"))).toBe(93);
    const crlf = "a\r\n".repeat(MAX_MESSAGE_REQUEST_BYTES / 3 + 1);
    expect(lengthAfterPaste(0, 0, transfer(crlf))).toBe(crlf.length - crlf.split("\r\n").length + 1);
    expect(overLimitByLength(lengthAfterPaste(0, 0, transfer(crlf))!)).toBe(false);
    expect(overLimitByLength(lengthAfterPaste(0, 0, transfer("a\n".repeat(MAX_MESSAGE_REQUEST_BYTES / 2 + 1)))!)).toBe(
      true
    );
  });

  it("is unknown (null) when the clipboard holds no text", () => {
    expect(lengthAfterPaste(100, 0, transfer(""))).toBeNull();
    expect(lengthAfterPaste(100, 0, null)).toBeNull();
  });

  it("agrees with counting the normalised text, whatever the text", () => {
    for (const text of ["", "x", "\r\n", "\r\r\n\n", "a\rb\r\nc\n"]) {
      const big = text + " ".repeat(MAX_MESSAGE_REQUEST_BYTES);
      expect(lengthAfterInsert(5, 2, big)).toBe(5 - 2 + big.replace(/\r\n/g, "\n").length);
    }
  });
});

describe("the box's length after a drop from outside it", () => {
  it("inserts at the drop point: the selection stays", () => {
    expect(lengthAfterDrop(100, transfer("abc"))).toBe(103);
  });

  it("counts dropped files by their size in bytes, which is never less than their characters", () => {
    expect(lengthAfterDrop(100, transfer("", [MAX_MESSAGE_REQUEST_BYTES, 1]))).toBe(
      100 + MAX_MESSAGE_REQUEST_BYTES + 1
    );
    expect(lengthAfterDrop(100, transfer("", []))).toBeNull();
  });
});
