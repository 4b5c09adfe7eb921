/**
 * What the page and a cell's sandboxed frame say to each other (postMessage). The frame runs code
 * a reader (or a link) wrote, so the page reads its messages through this schema and trusts none
 * of their text as markup; the frame reads the page's through the other.
 */
import * as z from "zod/mini";
import {CELL_CODE_MAX_CHARS} from "./cell-limits.js";

/** The tallest a cell's output is shown (CSS px): a taller one scrolls in its frame. */
export const CELL_OUTPUT_MAX_HEIGHT_PX = 900;
/** The most of a run's value, in words, that the page takes: a status line, not a transcript. */
export const CELL_DONE_TEXT_MAX_CHARS = 2_000;
/** The most of an exported SVG the page takes: a chart is a few hundred KB at most. */
export const CELL_EXPORT_MAX_CHARS = 5_000_000;

const count = z.int().check(z.nonnegative());

export const pageToFrameMessage = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("run"),
    runId: count,
    code: z.string().check(z.maxLength(CELL_CODE_MAX_CHARS)),
    /** The run's tables and the lab's inputs, cloned by postMessage. */
    run: z.unknown(),
    inputs: z.record(z.string(), z.unknown())
  }),
  z.object({type: z.literal("export"), requestId: count})
]);
export type PageToFrameMessage = z.infer<typeof pageToFrameMessage>;

export const frameToPageMessage = z.discriminatedUnion("type", [
  z.object({type: z.literal("ready")}),
  z.object({
    type: z.literal("done"),
    runId: count,
    outcome: z.enum(["shown", "failed"]),
    /** What the cell showed, in words: its value as text, or its error. */
    text: z.string().check(z.maxLength(CELL_DONE_TEXT_MAX_CHARS)),
    /** It shows a chart (an SVG), which the page offers to export. */
    chart: z.boolean()
  }),
  z.object({type: z.literal("height"), px: z.number().check(z.nonnegative())}),
  z.object({
    type: z.literal("exported"),
    requestId: count,
    svg: z.nullable(z.string().check(z.maxLength(CELL_EXPORT_MAX_CHARS))),
    width: z.number().check(z.positive(), z.maximum(10_000)),
    height: z.number().check(z.positive(), z.maximum(10_000))
  })
]);
export type FrameToPageMessage = z.infer<typeof frameToPageMessage>;
