/**
 * A request as a reader pastes it after receiving it: the raw header block ("Name: value" lines,
 * optionally after a request line such as "POST /hook HTTP/1.1", CRLF or LF) and the raw body.
 * Pasted text is untrusted: any size, any characters. Each box has a stated limit; a header line
 * that cannot be read is reported with its line number and the rule it breaks, and the lines
 * that can be read are still used.
 *
 * Rules: a field line is `field-name ":" OWS field-value OWS` (RFC 9110 §5.1, §5.5; RFC 9112
 * §5), the name a token (RFC 9110 §5.6.2), the value free of CR, LF and NUL and of other
 * controls but HTAB; a line starting with a space or tab is obsolete line folding, which a
 * server must reject or replace (RFC 9112 §5.2); the first blank line ends the header block
 * (RFC 9112 §2.1). Names are case-insensitive (RFC 9110 §5.1). A name sent twice keeps its first
 * value here, as Node's http does for Authorization, and the repeat is reported.
 */
import {decodeBase64} from "../../shared/base64.js";
import {shownValue} from "../../text/visible-text.js";
import {utf8, type Bytes} from "../bytes.js";
import {firstLoneSurrogate} from "../../shared/lone-surrogate.js";

/** Each pasted box holds at most this many bytes of UTF-8 (64 KiB). */
export const RECEIVED_BOX_LIMIT_BYTES = 64 * 1024;
/** The small boxes (a secret, a key, a token, an id, a time) hold at most this many bytes. */
export const RECEIVED_FIELD_LIMIT_BYTES = 4 * 1024;
/** At most this many unreadable lines are listed one by one; the rest are counted. */
export const MAX_LISTED_UNREADABLE_LINES = 20;

const FIELD_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
const REQUEST_LINE = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) (\S+) (HTTP\/\d(?:\.\d)?)$/;
// Controls other than HTAB, and DEL: RFC 9110 §5.5 field-vchar excludes them.
const FORBIDDEN_IN_VALUE = /[\u0000-\u0008\u000A-\u001F\u007F]/;

export interface ReceivedHeader {
  /** The name as pasted (its case kept for display). */
  name: string;
  value: string;
  /** 1-based line in the pasted block. */
  line: number;
}

export interface UnreadableLine {
  line: number;
  /** The line as a reader can see it (unseen characters as ⟨U+XXXX⟩, at most 80 characters). */
  shown: string;
  reason: string;
}

export interface ReceivedHeaderBlock {
  requestLine?: {method: string; target: string; version: string; line: number};
  headers: ReceivedHeader[];
  /** Lower-case name → the first value: what the checks read. */
  bag: Record<string, string>;
  unreadable: UnreadableLine[];
  /** Lines that could not be read beyond MAX_LISTED_UNREADABLE_LINES. */
  unreadableNotListed: number;
  /** Names sent more than once, with every line they appear on (the first is used). */
  repeated: {name: string; lines: number[]}[];
}

/** What a box holds, or why it cannot be used: it names the box, the problem and what is accepted. */
export type BoxProblem = {box: string; problem: string; accepted: string};

/** UTF-8 length without encoding a text far past the limit: every UTF-16 unit is at least one byte. */
export function utf8Length(text: string, limitBytes: number): number {
  return text.length > limitBytes ? text.length : utf8(text).length;
}

export function checkBoxSize(box: string, text: string, limitBytes: number): BoxProblem | undefined {
  const length = utf8Length(text, limitBytes);
  if (length <= limitBytes) return undefined;
  const shown =
    text.length > limitBytes ? `more than ${limitBytes.toLocaleString("en-US")}` : length.toLocaleString("en-US");
  return {
    box,
    problem: `holds ${shown} bytes`,
    accepted: `up to ${limitBytes.toLocaleString("en-US")} bytes (${limitBytes / 1024} KB) of text; nothing was checked`
  };
}

/** Reads a pasted header block. Never throws; the caller has checked its size. */
export function parseReceivedHeaders(text: string): ReceivedHeaderBlock {
  const block: ReceivedHeaderBlock = {headers: [], bag: {}, unreadable: [], unreadableNotListed: 0, repeated: []};
  const lines = text.split(/\r?\n/);
  const firstLines = new Map<string, number[]>();
  let seenField = false;
  let ended = false;
  const refuse = (line: number, raw: string, reason: string) => {
    if (block.unreadable.length >= MAX_LISTED_UNREADABLE_LINES) block.unreadableNotListed++;
    else block.unreadable.push({line, shown: shownValue(raw), reason});
  };
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw === "") {
      if (seenField || block.requestLine) ended = true;
      continue;
    }
    if (ended) {
      refuse(
        line,
        raw,
        "after the blank line that ends the header block (RFC 9112 §2.1): paste the body in the body box"
      );
      continue;
    }
    if (!seenField && !block.requestLine) {
      const request = REQUEST_LINE.exec(raw);
      if (request) {
        block.requestLine = {method: request[1]!, target: request[2]!, version: request[3]!, line};
        continue;
      }
    }
    const reason = fieldLineProblem(raw);
    if (reason) {
      refuse(line, raw, reason);
      continue;
    }
    const colon = raw.indexOf(":");
    const name = raw.slice(0, colon);
    const value = raw.slice(colon + 1).replace(/^[ \t]+|[ \t]+$/g, "");
    seenField = true;
    block.headers.push({name, value, line});
    const key = name.toLowerCase();
    const seen = firstLines.get(key);
    if (seen) seen.push(line);
    else {
      firstLines.set(key, [line]);
      block.bag[key] = value;
    }
  }
  for (const [key, seen] of firstLines) {
    if (seen.length > 1)
      block.repeated.push({name: block.headers.find((header) => header.line === seen[0])?.name ?? key, lines: seen});
  }
  return block;
}

function fieldLineProblem(raw: string): string | undefined {
  if (/^[ \t]/.test(raw))
    return "starts with a space or tab: obsolete line folding, which receivers reject (RFC 9112 §5.2)";
  if (raw.startsWith(":")) return "an HTTP/2 pseudo-header (such as :method), not a header field";
  const colon = raw.indexOf(":");
  if (colon < 0) return 'no ":" (a header line is "Name: value")';
  const name = raw.slice(0, colon);
  if (name === "") return 'no name before ":"';
  if (!FIELD_NAME.test(name)) {
    const bad = [...name].find((character) => !FIELD_NAME.test(character)) ?? "";
    return `the name holds ${shownValue(bad)}, which a header name cannot (RFC 9110 §5.6.2: letters, digits and !#$%&'*+-.^_\`|~)`;
  }
  const forbidden = FORBIDDEN_IN_VALUE.exec(raw.slice(colon + 1));
  if (forbidden)
    return `the value holds the control character ${shownValue(forbidden[0])} at column ${colon + 2 + forbidden.index} (RFC 9110 §5.5)`;
  if (firstLoneSurrogate(raw) >= 0) return "holds a lone surrogate, which is not a character and has no UTF-8 form";
  return undefined;
}

export type BodyEncoding = "utf-8" | "base64";

export type ReceivedBody = {ok: true; bytes: Bytes; notices: string[]} | {ok: false; problem: BoxProblem};

/**
 * The body's bytes. As text it is encoded as UTF-8, as a receiver's raw body would hold it; a
 * text box turns every CRLF into LF (HTML's textarea value), so a body sent with CRLF must be
 * pasted as base64 to be checked byte for byte.
 */
export function readReceivedBody(text: string, encoding: BodyEncoding): ReceivedBody {
  if (encoding === "base64") {
    const compact = text.replace(/\s+/g, "");
    const decoded = decodeBase64(compact, ["pad-bits", "unpadded"]);
    if (!decoded.ok)
      return {
        ok: false,
        problem: {
          box: "Body",
          problem: `is not base64 (${decoded.message})`,
          accepted:
            "standard base64 (A-Z a-z 0-9 + /, padding optional, spaces and line breaks ignored), or choose “text”"
        }
      };
    return {ok: true, bytes: decoded.bytes, notices: []};
  }
  const notices: string[] = [];
  const lone = firstLoneSurrogate(text);
  if (lone >= 0)
    notices.push(
      `the body holds a lone surrogate at character ${lone + 1}: as UTF-8 it becomes U+FFFD (EF BF BD), so these are not the bytes a sender could have sent; paste the body as base64 to give exact bytes`
    );
  return {ok: true, bytes: utf8(text), notices};
}

/**
 * The receiver's "now" as the reader typed it: blank for the caller's clock, whole Unix seconds,
 * or an ISO 8601 date-time with its offset ("2026-12-04T16:00:00Z"), so a captured request can be
 * checked at the moment it arrived.
 */
export function readReceiverNow(
  text: string,
  clockSeconds: number
): {ok: true; seconds: number; source: string} | {ok: false; problem: BoxProblem} {
  const trimmed = text.trim();
  if (trimmed === "") return {ok: true, seconds: Math.floor(clockSeconds), source: "your clock"};
  if (/^\d{1,15}$/.test(trimmed)) return {ok: true, seconds: Number(trimmed), source: "the time you entered"};
  const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
  const milliseconds = isoDateTime.test(trimmed) ? Date.parse(trimmed) : Number.NaN;
  if (Number.isFinite(milliseconds))
    return {ok: true, seconds: Math.floor(milliseconds / 1000), source: "the time you entered"};
  return {
    ok: false,
    problem: {
      box: "Now",
      problem: `“${shownValue(trimmed, 40)}” is not a time`,
      accepted:
        "blank (your clock), whole Unix seconds such as 1796400000, or an ISO date-time with its offset such as 2026-12-04T16:00:00Z"
    }
  };
}
