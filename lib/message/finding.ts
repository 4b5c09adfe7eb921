/**
 * Findings: what a stage noticed, where (JSON pointer and source span), which
 * rule fired, and what that rule accepts.
 */
import type {SourceLocator, SourceSpan} from "./source-span.js";
import type {SpecNoteId} from "./spec-notes.js";

export type StageNumber = 1 | 2 | 3 | 4 | 5 | 6;

export const STAGE_NAMES: Readonly<Record<StageNumber, string>> = {
  1: "Parse",
  2: "Envelope",
  3: "Method",
  4: "Params",
  5: "Parts",
  6: "Handler"
};

/** error: the stage stops the request; warning: it continues but the reader should know; note: information. */
export type Severity = "error" | "warning" | "note";

export interface Finding {
  stage: StageNumber;
  severity: Severity;
  /** Stable identifier for the kind of finding, e.g. "params.schema", "parts.base64". */
  code: string;
  /** JSON Pointer into the whole document (a batch element's pointer starts with its index). */
  pointer: string;
  /** Where to mark the editor; null when the text was not read (too large). */
  span: SourceSpan | null;
  /** The rule that fired, cited (e.g. "JSON-RPC 2.0 section 4: ..."). */
  rule: string;
  message: string;
  /** What the rule accepts. */
  accepted: string;
  /** Batch position of the request it belongs to; null for a single request or the whole document. */
  requestIndex: number | null;
  /** A place where the pinned specifications disagree with themselves, when this finding touches one. */
  specNote?: SpecNoteId;
}

/** Where a request sits in the document, for turning offsets and relative pointers into findings. */
export interface RequestContext {
  text: string;
  locator: SourceLocator;
  /** "" for a single request, "/3" for element 3 of a batch. */
  prefix: string;
  requestIndex: number | null;
}

export interface FindingFields {
  stage: StageNumber;
  severity: Severity;
  code: string;
  /** Pointer relative to the request object. */
  pointer: string;
  from: number;
  to: number;
  rule: string;
  message: string;
  accepted: string;
  specNote?: SpecNoteId;
}

export function makeFinding(context: RequestContext, fields: FindingFields): Finding {
  const finding: Finding = {
    stage: fields.stage,
    severity: fields.severity,
    code: fields.code,
    pointer: context.prefix + fields.pointer,
    span: context.locator.span(fields.from, fields.to),
    rule: fields.rule,
    message: fields.message,
    accepted: fields.accepted,
    requestIndex: context.requestIndex
  };
  if (fields.specNote) finding.specNote = fields.specNote;
  return finding;
}
