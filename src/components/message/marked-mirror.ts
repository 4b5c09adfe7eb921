/**
 * What the request editor draws over and under its textarea: the mirror that marks the findings'
 * spans in place (./mirror.ts; a <pre> in the textarea's font, moved with its scroll position,
 * its text transparent so only the marks show) and the status line that says in words what is
 * marked, for assistive technology and for a text too large to mark.
 */
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import type {SourceSpan as MessageSourceSpan} from "../../../lib/message/source-span.js";
import {boxOffset, type LineEnds} from "../../../lib/message/line-ends.js";
import {exceedsRequestLimit} from "../../../lib/message/request-size.js";
import {element, writeText} from "../runtime/dom.js";
import {MARK_LINE_LIMIT, MIRROR_CHARACTER_LIMIT, highlightSegments, type Highlight} from "./highlight.js";
import {Mirror} from "./mirror.js";
import {overLimitByLength, overLimitWords} from "./size-verdict.js";

const NO_MARKS: Highlight = {segments: [], shownLength: 0, unmarkedFindings: 0};
const STATUS_MESSAGE_LENGTH = 240;

export interface MarkedMirror {
  /** The textarea in its frame, over the mirror. */
  frame: HTMLElement;
  /** The status line (the textarea's description: its id is `${editorId}-status`). */
  status: HTMLElement;
  /** Marks the findings of `text` (the request, with its own line ends) and says what is marked. */
  mark(text: string, findings: readonly MessageFinding[], lineEnds: LineEnds): void;
  /** Names the limit and empties the mirror: what a text of `length` characters holds is not looked at. */
  showOverLimit(length: number): void;
  /** The marks may no longer sit on their characters: they fade, and the status says a check is pending. */
  showPending(): void;
  /** Moves the mirror with the textarea's scroll position. */
  syncScroll(): void;
  /** Selects a span of `text` in the textarea, scrolls it into view and focuses it. */
  reveal(span: MessageSourceSpan, text: string): void;
}

export function MarkedMirror(editorId: string, textarea: HTMLTextAreaElement): MarkedMirror {
  const mirrorText = element("pre", {class: "request-editor-mirror-text"});
  const mirror = Mirror(mirrorText);
  const statusText = element("span");
  // Shown while a large request waits for the pause: beside the last check's words, so the line does not jump.
  const pendingNote = element(
    "span",
    {class: "request-editor-pending", hidden: true},
    " Checked before your last keystrokes; a large request is checked again once you pause typing."
  );
  let charWidthPx: number | null = null;
  let mirrorTransform = "";

  const syncScroll = () => {
    const transform = `translate(${-textarea.scrollLeft}px, ${-textarea.scrollTop}px)`;
    if (transform === mirrorTransform) return;
    mirrorTransform = transform;
    mirrorText.style.transform = transform;
  };
  const showOverLimit = (length: number) => {
    mirror.show("", NO_MARKS);
    writeText(statusText, overLimitWords(length));
    pendingNote.hidden = true;
  };
  textarea.addEventListener("scroll", syncScroll, {passive: true});
  return {
    frame: element(
      "div",
      {class: "request-editor-frame"},
      element("div", {class: "request-editor-mirror", "aria-hidden": "true"}, mirrorText),
      textarea
    ),
    status: element("p", {class: "request-editor-status", id: `${editorId}-status`}, statusText, pendingNote),
    mark(text, findings, lineEnds) {
      mirrorText.classList.remove("mirror-stale");
      pendingNote.hidden = true;
      // Over the limit: no marks (the lab did not parse it), and no work on its characters.
      if (overLimitByLength(text.length) || exceedsRequestLimit(text)) return showOverLimit(text.length);
      // The mirror lies over the box, whose line ends are "\n": marks move to the box's offsets.
      const shown = lineEnds === "lf" ? {text, findings} : inBoxCoordinates(text, findings);
      const highlight = highlightSegments(shown.text, shown.findings);
      mirror.show(shown.text, highlight);
      writeText(statusText, describeMarks(text, findings, highlight));
      syncScroll();
    },
    showOverLimit,
    showPending() {
      mirrorText.classList.add("mirror-stale");
      pendingNote.hidden = false;
    },
    syncScroll,
    reveal(span, text) {
      textarea.focus({preventScroll: true});
      textarea.setSelectionRange(boxOffset(text, span.from), boxOffset(text, span.to));
      const lineHeightPx = parseFloat(getComputedStyle(textarea).lineHeight) || 20;
      charWidthPx ??= measureCharWidth(mirrorText);
      textarea.scrollTop = Math.max(0, (span.line - 1) * lineHeightPx - textarea.clientHeight / 3);
      textarea.scrollLeft = Math.max(0, (span.column - 1) * charWidthPx - textarea.clientWidth / 3);
      syncScroll();
      textarea.scrollIntoView({block: "nearest"});
    }
  };
}

/** The editor's description for assistive technology: what is marked, and where the first error is. */
function describeMarks(text: string, findings: readonly MessageFinding[], highlight: Highlight): string {
  const counts = {error: 0, warning: 0, note: 0};
  for (const finding of findings) if (finding.span) counts[finding.severity]++;
  const size = `${text.length.toLocaleString("en-US")} characters.`;
  if (counts.error + counts.warning + counts.note === 0) return `${size} Nothing is marked.`;
  const parts = (["error", "warning", "note"] as const)
    .filter((severity) => counts[severity] > 0)
    .map((severity) => `${counts[severity]} ${severity}${counts[severity] === 1 ? "" : "s"}`);
  const first =
    findings.find((finding) => finding.severity === "error" && finding.span) ??
    findings.find((finding) => finding.span);
  const message = first
    ? first.message.length > STATUS_MESSAGE_LENGTH
      ? `${first.message.slice(0, STATUS_MESSAGE_LENGTH)}…`
      : first.message
    : "";
  const where = first?.span ? ` First at line ${first.span.line}, column ${first.span.column}: ${message}` : "";
  const beyond =
    highlight.unmarkedFindings > 0
      ? ` ${highlight.unmarkedFindings} of them lie past the first ${MIRROR_CHARACTER_LIMIT.toLocaleString("en-US")} characters and are not marked in place; the findings list gives their line and column.`
      : "";
  const cut = highlight.cutMarks
    ? ` ${highlight.cutMarks === 1 ? "A mark that runs" : `${highlight.cutMarks} marks that run`} over more than ${MARK_LINE_LIMIT} lines ${highlight.cutMarks === 1 ? "is" : "are"} drawn over the first ${MARK_LINE_LIMIT}.`
    : "";
  return `${size} Marked: ${parts.join(", ")}.${where}${beyond}${cut}`;
}

/** The monospace advance width, measured once in the mirror's own font. */
function measureCharWidth(mirrorText: HTMLElement): number {
  const probe = document.createElement("span");
  probe.textContent = "0".repeat(20);
  mirrorText.append(probe);
  const width = probe.getBoundingClientRect().width / 20;
  probe.remove();
  return width || 8;
}

/** The text as the box holds it ("\n" line ends) and the findings at its offsets. */
function inBoxCoordinates(
  text: string,
  findings: readonly MessageFinding[]
): {text: string; findings: MessageFinding[]} {
  const at = (offset: number) => boxOffset(text, offset);
  return {
    text: text.replace(/\r\n?/g, "\n"),
    findings: findings.map((finding) =>
      finding.span
        ? {...finding, span: {...finding.span, from: at(finding.span.from), to: at(finding.span.to)}}
        : finding
    )
  };
}
