/**
 * Two values a check compared, shown exactly: both as a reader can see them (unseen characters
 * as ⟨U+XXXX⟩) and, when they differ, the first byte where they part, with the bytes around it.
 *
 * A receiver compares secrets in constant time and never says where they differ; this is a
 * debugging view of the reader's own request in the reader's own tab, so it says exactly where.
 */
import {shownValue} from "../../text/visible-text.js";
import {firstDifference, utf8} from "../bytes.js";

export interface ComparedValue {
  /** What is compared, e.g. "Authorization credentials". */
  what: string;
  expected: string;
  received: string;
  /** Where they first differ, in bytes of UTF-8; absent when equal. */
  difference?: string;
}

/** Characters of a value shown in a comparison. Long values end in "…". */
export const SHOWN_COMPARED_LENGTH = 160;
/** Bytes shown on each side of a first difference. */
const CONTEXT_BYTES = 8;

function hexByte(byte: number | undefined): string {
  return byte === undefined ? "(end)" : `0x${byte.toString(16).padStart(2, "0")}`;
}

function hexWindow(bytes: Uint8Array, at: number): string {
  const start = Math.max(0, at - CONTEXT_BYTES);
  const end = Math.min(bytes.length, at + CONTEXT_BYTES + 1);
  const parts: string[] = [];
  for (let index = start; index < end; index++)
    parts.push(
      index === at ? `[${bytes[index]!.toString(16).padStart(2, "0")}]` : bytes[index]!.toString(16).padStart(2, "0")
    );
  if (at >= bytes.length) parts.push("[end]");
  return `${start > 0 ? "… " : ""}${parts.join(" ")}${end < bytes.length ? " …" : ""}`;
}

/** "first difference at byte 12 of 44: expected 0x61, received 0x62 (bytes around it: …)", or undefined when equal. */
export function describeByteDifference(expected: Uint8Array, received: Uint8Array): string | undefined {
  const at = firstDifference(expected, received);
  if (at < 0) return undefined;
  const lengths =
    expected.length === received.length
      ? `${expected.length} bytes each`
      : `expected ${expected.length} bytes, received ${received.length}`;
  return (
    `first difference at byte ${at} (counting from 0; ${lengths}): expected ${hexByte(expected[at])}, received ${hexByte(received[at])}. ` +
    `Expected around it: ${hexWindow(expected, at)}; received: ${hexWindow(received, at)}`
  );
}

/** A comparison of two texts, each as its UTF-8 bytes. */
export function compareTexts(what: string, expected: string, received: string): ComparedValue {
  const difference = describeByteDifference(utf8(expected), utf8(received));
  return {
    what,
    expected: shownValue(expected, SHOWN_COMPARED_LENGTH),
    received: shownValue(received, SHOWN_COMPARED_LENGTH),
    ...(difference ? {difference} : {})
  };
}

/** A comparison of two byte strings, shown as text (lenient UTF-8) with the byte difference. */
export function compareBytes(
  what: string,
  expected: Uint8Array,
  received: Uint8Array,
  show: (bytes: Uint8Array) => string
): ComparedValue {
  const difference = describeByteDifference(expected, received);
  return {what, expected: show(expected), received: show(received), ...(difference ? {difference} : {})};
}

/** A value with nothing to compare it with (absent on one side). */
export function shownPair(what: string, expected: string, received: string): ComparedValue {
  return {what, expected, received};
}
