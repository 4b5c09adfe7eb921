/**
 * Every size of a chart's text, and the marks that sit beside text (tick lengths, symbols,
 * strokes), from one option: the body size. A chart on the page uses PAGE_FONT_SIZE; a chart
 * drawn for a slide asks for its own (SLIDE_FONT_SIZE at 1920×1080) and every label, margin and
 * symbol grows with it, so nothing is drawn at the page's 11 px on a projector.
 */

/** The page's chart type: the size of the site's small print, legible on a phone. */
export const PAGE_FONT_SIZE = 11;
/** A 1920×1080 slide's chart type: readable from the back of a classroom. */
export const SLIDE_FONT_SIZE = 28;
/**
 * A handout's chart type, in CSS pixels of a chart drawn for the paper (print-charts.ts): 13 px is
 * 9.75 pt, and its smallest labels (0.9 of it) 8.8 pt, over the 8 pt a printed figure needs.
 */
export const PRINT_FONT_SIZE = 13;

export interface TypeScale {
  /** Tick labels, row labels, legends. */
  body: number;
  /** Labels on marks ("suppressed", a bar's score). */
  small: number;
  /** A panel's name, a chart's own title line. */
  heading: number;
  /** One line of body text, with its leading. */
  line: number;
  /** Everything else scales by this: 1 at 10 px, as d3's axes and symbols are sized. */
  unit: number;
  /** About how wide `text` is, without measuring it: a generous average glyph of system-ui. */
  widthOf(text: string, size?: number): number;
}

/** A generous average advance of system-ui's glyphs, in ems (DejaVu Sans's digits are 0.64): an estimate errs towards room. */
const AVERAGE_GLYPH_EM = 0.62;

export function typeScale(fontSize: number = PAGE_FONT_SIZE): TypeScale {
  const body = fontSize;
  return {
    body,
    small: Math.round(body * 0.9 * 10) / 10,
    heading: Math.round(body * 1.15 * 10) / 10,
    line: Math.round(body * 1.3),
    unit: body / 10,
    widthOf: (text, size = body) => text.length * size * AVERAGE_GLYPH_EM
  };
}

/** Page type's unit (PAGE_FONT_SIZE / 10): a height given for the page is drawn as given. */
const PAGE_UNIT = PAGE_FONT_SIZE / 10;

/** The height a chart draws for `height` (given in the page's type): as much taller as its type is larger. */
export function grownHeight(height: number, type: TypeScale): number {
  return Math.max(height, Math.round((height * type.unit) / PAGE_UNIT));
}

/** The height to give a chart so that it draws `drawn` pixels tall at `type`: grownHeight's inverse. */
export function heightToAsk(drawn: number, type: TypeScale): number {
  return drawn / Math.max(1, type.unit / PAGE_UNIT);
}
