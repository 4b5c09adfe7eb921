/**
 * Source spans: where a finding sits in the text the reader edits.
 * Offsets and columns count UTF-16 code units (what JavaScript strings and
 * browser editors index by); lines and columns start at 1. A line ends at
 * "\n", "\r\n" or a lone "\r".
 */

export interface SourceSpan {
  /** Offset of the first code unit (inclusive). */
  from: number;
  /** Offset after the last code unit (exclusive); equal to `from` for a position. */
  to: number;
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
}

export interface SourcePosition {
  line: number;
  column: number;
}

export interface SourceLocator {
  position(offset: number): SourcePosition;
  span(from: number, to: number): SourceSpan;
}

/** Builds the line index on first use, so texts without findings never pay for it. */
export function createLocator(text: string): SourceLocator {
  let lineStarts: number[] | null = null;

  function starts(): number[] {
    if (lineStarts) return lineStarts;
    const found = [0];
    if (text.indexOf("\r") < 0) {
      // The usual case: only "\n", found by the engine's own search.
      for (let at = text.indexOf("\n"); at >= 0; at = text.indexOf("\n", at + 1)) found.push(at + 1);
    } else {
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (c === 0x0a) found.push(i + 1);
        else if (c === 0x0d) {
          if (text.charCodeAt(i + 1) === 0x0a) i++;
          found.push(i + 1);
        }
      }
    }
    lineStarts = found;
    return found;
  }

  function position(offset: number): SourcePosition {
    const at = Math.max(0, Math.min(offset, text.length));
    const list = starts();
    let lo = 0;
    let hi = list.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (list[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return {line: lo + 1, column: at - list[lo]! + 1};
  }

  function span(from: number, to: number): SourceSpan {
    const start = position(from);
    const end = position(Math.max(from, to));
    return {
      from,
      to: Math.max(from, to),
      line: start.line,
      column: start.column,
      endLine: end.line,
      endColumn: end.column
    };
  }

  return {position, span};
}
