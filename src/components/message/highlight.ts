/**
 * Where the editor's mirror marks the request text: the findings' source spans
 * turned into non-overlapping runs. Pure, so it is tested without a browser.
 * Where marks overlap the most severe wins; a zero-width span (a position, such
 * as "unexpected end of input") becomes a point mark.
 */
import type {Finding as MessageFinding, Severity as MessageFindingSeverity} from "../../../lib/message/finding.js";

/** Characters the mirror lays out; beyond this the text is still edited and checked, but not marked in place. */
export const MIRROR_CHARACTER_LIMIT = 100_000;

/**
 * Lines one mark covers at most. A span such as "everything after the JSON value" can run over
 * tens of thousands of pasted lines: one <mark> broken over each of them cost the page 0.2-0.4 s
 * of layout and paint after a 30,000-100,000-line paste. Its start says where it is; the status
 * and the findings list give its whole extent.
 */
export const MARK_LINE_LIMIT = 200;

const RANK: Record<MessageFindingSeverity, number> = {note: 1, warning: 2, error: 3};
const BY_RANK: (MessageFindingSeverity | null)[] = [null, "note", "warning", "error"];

export interface HighlightSegment {
  from: number;
  to: number;
  /** The most severe finding over this run, or null for unmarked text. */
  severity: MessageFindingSeverity | null;
  /** A zero-width mark at `from` (from === to). */
  point: boolean;
}

export interface Highlight {
  /** Runs covering [0, shownLength) in order, plus point marks where they fall. */
  segments: HighlightSegment[];
  /** How much of the text the mirror lays out. */
  shownLength: number;
  /** Findings with a span that starts past shownLength, so not marked in place. */
  unmarkedFindings: number;
  /** Marks cut at MARK_LINE_LIMIT lines (optional: a highlight without any need not say). */
  cutMarks?: number;
}

/** Where `lines` lines from `from` end: after the last of them, or the text's end if it has fewer. */
function endOfLines(text: string, from: number, lines: number, end: number): number {
  let at = from;
  for (let line = 0; line < lines; line++) {
    at = text.indexOf("\n", at);
    if (at === -1 || at >= end) return end;
    at++;
  }
  return at - 1;
}

/** Moves an offset off the middle of a surrogate pair, so no glyph is split across runs. */
function snap(text: string, offset: number): number {
  const before = text.charCodeAt(offset - 1);
  const after = text.charCodeAt(offset);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? offset - 1 : offset;
}

export function highlightSegments(
  text: string,
  findings: readonly MessageFinding[],
  limit = MIRROR_CHARACTER_LIMIT
): Highlight {
  const shownLength = snap(text, Math.min(text.length, limit));
  // A sweep over boundaries: +rank where a mark starts, -rank where it ends.
  const starts = new Map<number, number[]>();
  const ends = new Map<number, number[]>();
  const points: {at: number; severity: MessageFindingSeverity}[] = [];
  let unmarkedFindings = 0;
  let cutMarks = 0;
  const add = (map: Map<number, number[]>, at: number, rank: number) => {
    const list = map.get(at);
    if (list) list.push(rank);
    else map.set(at, [rank]);
  };
  for (const finding of findings) {
    const span = finding.span;
    if (!span) continue;
    if (span.from > shownLength || (span.from === shownLength && span.to > span.from)) {
      unmarkedFindings++;
      continue;
    }
    const from = snap(text, span.from);
    const shownTo = Math.min(span.to, shownLength);
    const cut = endOfLines(text, span.from, MARK_LINE_LIMIT, shownTo);
    if (cut < shownTo) cutMarks++;
    const to = snap(text, cut);
    if (to <= from) points.push({at: from, severity: finding.severity});
    else {
      add(starts, from, RANK[finding.severity]);
      add(ends, to, RANK[finding.severity]);
    }
  }

  const boundaries = [...new Set([0, shownLength, ...starts.keys(), ...ends.keys(), ...points.map((p) => p.at)])].sort(
    (a, b) => a - b
  );
  const open = [0, 0, 0, 0];
  const segments: HighlightSegment[] = [];
  const pointsAt = new Map<number, MessageFindingSeverity>();
  for (const point of points) {
    const seen = pointsAt.get(point.at);
    if (!seen || RANK[point.severity] > RANK[seen]) pointsAt.set(point.at, point.severity);
  }
  for (let k = 0; k < boundaries.length; k++) {
    const at = boundaries[k]!;
    for (const rank of ends.get(at) ?? []) open[rank]!--;
    for (const rank of starts.get(at) ?? []) open[rank]!++;
    const point = pointsAt.get(at);
    if (point) segments.push({from: at, to: at, severity: point, point: true});
    const next = boundaries[k + 1];
    if (next === undefined || next <= at) continue;
    const severity = BY_RANK[open[3]! > 0 ? 3 : open[2]! > 0 ? 2 : open[1]! > 0 ? 1 : 0]!;
    const last = segments[segments.length - 1];
    if (last && !last.point && last.severity === severity && last.to === at) last.to = next;
    else segments.push({from: at, to: next, severity, point: false});
  }
  return cutMarks > 0 ? {segments, shownLength, unmarkedFindings, cutMarks} : {segments, shownLength, unmarkedFindings};
}
