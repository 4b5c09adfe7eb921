/**
 * A text box holds only "\n" line ends: it turns "\r\n" and a lone "\r" into "\n" (HTML's
 * textarea API value). A request that arrives with other line ends (a link's `request=`) is
 * still checked exactly as sent: one whose every line ends in CRLF keeps CRLF through the
 * reader's edits (each "\n" typed is written back as "\r\n"); one with a lone CR is checked
 * as sent until the reader edits it, and the editor says so.
 */
export type LineEnds = "lf" | "crlf" | "mixed";

export function lineEndsOf(text: string): LineEnds {
  if (!text.includes("\r")) return "lf";
  // Every CR starts a CRLF, and every LF follows a CR.
  return !/\r(?!\n)|(?<!\r)\n/.test(text) ? "crlf" : "mixed";
}

/** The request a box's text stands for, in the given line ends ("mixed" cannot be kept: "\n"). */
export function withLineEnds(boxText: string, lineEnds: LineEnds): string {
  return lineEnds === "crlf" ? boxText.replace(/\n/g, "\r\n") : boxText;
}

/** Where an offset into `text` falls in the box's text: each CR before it is gone there ("\r\n" → "\n", lone "\r" → "\n"). */
export function boxOffset(text: string, offset: number): number {
  let removed = 0;
  for (let index = text.indexOf("\r"); index !== -1 && index < offset; index = text.indexOf("\r", index + 1)) {
    if (text[index + 1] === "\n") removed++;
  }
  return offset - removed;
}

/** Words for the editor: why the box shows other line ends than the request it checks; null for "lf". */
export function lineEndsNote(text: string, lineEnds: LineEnds): string | null {
  if (lineEnds === "lf") return null;
  const returns = (text.match(/\r/g) ?? []).length.toLocaleString("en-US");
  return lineEnds === "crlf"
    ? `Its lines end in CRLF (⟨U+000D⟩⟨U+000A⟩), which a text box shows as plain line breaks: the lab checks, and the link keeps, the CRLF text, also as you edit it.`
    : `Its line ends are mixed (${returns} carriage return${returns === "1" ? "" : "s"}, ⟨U+000D⟩, not only as CRLF), which a text box shows as plain line breaks: the lab checks, and the link keeps, the exact text until you edit it; an edit turns them into line feeds.`;
}
