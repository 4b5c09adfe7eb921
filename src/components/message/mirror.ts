/**
 * The request editor's mirror, built from the marked lines only. Its text is transparent
 * (only the marks' backgrounds show), so it needs the text that positions a mark and nothing
 * else: each run of marks on neighbouring lines becomes a *window* holding those lines from
 * their start up to the last mark's end, and the lines between windows become bare line
 * breaks, which keep every window on its own line. A 1 MiB request with one mark lays out one
 * line of text, not a megabyte.
 *
 * On each keystroke the windows are compared with the ones shown: unchanged windows keep
 * their nodes, only the windows that differ are built, and the line breaks between them are
 * rewritten where their count changed. So a keystroke costs what it changed, not the text.
 */
import {element} from "../runtime/dom.js";
import type {Highlight, HighlightSegment} from "./highlight.js";

export interface MirrorWindow {
  /** Line breaks between the previous window's end (or the text's start) and this window's first line. */
  lineBreaksBefore: number;
  /** The start of the window's first line. */
  from: number;
  /** The end of its last mark. */
  to: number;
  /** Its marks, in order (segments with a severity). */
  marks: HighlightSegment[];
}

/**
 * The windows of a highlight, in text order. One pass over the shown text's line breaks:
 * work bounded by the mirror's limit, whatever the number of marks.
 */
export function mirrorWindows(text: string, highlight: Highlight): MirrorWindow[] {
  // Line breaks past what the mirror lays out never matter: search the shown part only.
  const shown = text.slice(0, highlight.shownLength);
  let nextBreak = shown.indexOf("\n");
  let breaksPassed = 0;
  let lastBreak = -1;
  /** Passes the line breaks before `offset`; says whether it passed any. */
  const passBreaksBefore = (offset: number): boolean => {
    const before = breaksPassed;
    while (nextBreak !== -1 && nextBreak < offset) {
      breaksPassed++;
      lastBreak = nextBreak;
      nextBreak = shown.indexOf("\n", nextBreak + 1);
    }
    return breaksPassed > before;
  };

  const windows: MirrorWindow[] = [];
  let current: MirrorWindow | null = null;
  for (const segment of highlight.segments) {
    if (segment.severity === null) continue;
    let breaksBeforePreviousEnd = 0;
    if (current) {
      passBreaksBefore(current.to);
      const breaksBeforeEnd = breaksPassed;
      // A mark on the line the window ends on joins the window.
      if (!passBreaksBefore(segment.from)) {
        current.to = segment.to;
        current.marks.push(segment);
        continue;
      }
      windows.push(current);
      breaksBeforePreviousEnd = breaksBeforeEnd;
    } else {
      passBreaksBefore(segment.from);
    }
    current = {
      lineBreaksBefore: breaksPassed - breaksBeforePreviousEnd,
      from: lastBreak + 1,
      to: segment.to,
      marks: [segment]
    };
  }
  if (current) windows.push(current);
  return windows;
}

/** The marks' places and kinds within their window, as a string to compare windows by. */
function layoutKey(window: MirrorWindow): string {
  return window.marks
    .map((mark) => `${mark.severity}${mark.point ? "@" : ":"}${mark.from - window.from}-${mark.to - window.from}`)
    .join(" ");
}

function buildWindow(text: string, window: MirrorWindow): HTMLElement {
  const body = element("span", {class: "mirror-window"});
  let at = window.from;
  for (const mark of window.marks) {
    if (mark.from > at) body.append(text.slice(at, mark.from));
    const className = `mark-${mark.severity}${mark.point ? " mark-point" : ""}`;
    body.append(
      mark.point
        ? element("mark", {class: className})
        : element("mark", {class: className}, text.slice(mark.from, mark.to))
    );
    at = mark.to;
  }
  return body;
}

interface ShownWindow {
  layout: string;
  content: string;
  lineBreaks: Text;
  body: HTMLElement;
}

export interface Mirror {
  /** Shows the marks of `highlight` over `text`, touching only the windows that changed. */
  show(text: string, highlight: Highlight): void;
}

/** A mirror drawn into `target` (the editor's <pre>), which it then owns. */
export function Mirror(target: HTMLElement): Mirror {
  let shown: ShownWindow[] = [];
  return {
    show(text, highlight) {
      const windows = mirrorWindows(text, highlight);
      const wanted = windows.map((window) => ({
        window,
        layout: layoutKey(window),
        content: text.slice(window.from, window.to)
      }));
      const same = (have: ShownWindow, want: (typeof wanted)[number]) =>
        have.layout === want.layout && have.content === want.content;
      // An edit changes the windows around it: keep the unchanged ones before and after.
      let start = 0;
      while (start < shown.length && start < wanted.length && same(shown[start]!, wanted[start]!)) start++;
      let haveEnd = shown.length;
      let wantEnd = wanted.length;
      while (haveEnd > start && wantEnd > start && same(shown[haveEnd - 1]!, wanted[wantEnd - 1]!)) {
        haveEnd--;
        wantEnd--;
      }
      for (const stale of shown.slice(start, haveEnd)) {
        stale.lineBreaks.remove();
        stale.body.remove();
      }
      const before = shown[haveEnd]?.lineBreaks ?? null;
      const built = wanted.slice(start, wantEnd).map(({window, layout, content}): ShownWindow => {
        const entry = {layout, content, lineBreaks: document.createTextNode(""), body: buildWindow(text, window)};
        target.insertBefore(entry.lineBreaks, before);
        target.insertBefore(entry.body, before);
        return entry;
      });
      shown = [...shown.slice(0, start), ...built, ...shown.slice(haveEnd)];
      shown.forEach((entry, index) => {
        const count = windows[index]!.lineBreaksBefore;
        if (entry.lineBreaks.length !== count) entry.lineBreaks.data = "\n".repeat(count);
      });
    }
  };
}
