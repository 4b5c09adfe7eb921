/**
 * Every finding of the transaction: where it is (a button that selects the span
 * in the editor), the stage, the JSON pointer, what is wrong, the rule that
 * fired and what it accepts. Text only: messages quote the request.
 */
import {html} from "htl";
import type {MessageFinding, MessageSourceSpan} from "../../../lib/message/index.js";
import {MESSAGE_STAGE_NAMES} from "../../../lib/message/index.js";
import {moreNotShown} from "./capped-text.js";

/** Rows rendered; the rest are counted. */
export const FINDINGS_SHOWN = 100;

const SEVERITY_WORDS = {error: "✗ error", warning: "⚠ warning", note: "ℹ note"} as const;

export interface FindingListOptions {
  /** Called with a finding's span when the reader asks to see it in the editor. */
  onLocate?: (span: MessageSourceSpan) => void;
}

export function FindingList(findings: readonly MessageFinding[], {onLocate}: FindingListOptions = {}): HTMLElement {
  if (findings.length === 0) return html`<p class="findings-empty">No findings: nothing to mark, warn about or note.</p>` as HTMLElement;
  const shown = findings.slice(0, FINDINGS_SHOWN);
  return html`<div class="table-scroll">
    <table class="findings-table">
      <caption>${findings.length} finding${findings.length === 1 ? "" : "s"}: the whole text first, then request by request, stage by stage</caption>
      <thead><tr><th scope="col">Where</th><th scope="col">Stage</th><th scope="col">Kind</th><th scope="col">Pointer</th><th scope="col">What, the rule, and what it accepts</th></tr></thead>
      <tbody>${shown.map((finding) => html`<tr class=${`finding finding-${finding.severity}`}>
        <td>${finding.span
          ? onLocate
            ? html`<button type="button" class="finding-locate" onclick=${() => onLocate(finding.span!)} aria-label=${`line ${finding.span.line}, col ${finding.span.column}: show in the editor`}>line ${finding.span.line}, col ${finding.span.column}</button>`
            : `line ${finding.span.line}, col ${finding.span.column}`
          : "whole text"}</td>
        <td>${finding.stage}. ${MESSAGE_STAGE_NAMES[finding.stage]}</td>
        <td class=${`severity-${finding.severity}`}>${SEVERITY_WORDS[finding.severity]}</td>
        <td><code>${finding.pointer === "" ? "(root)" : finding.pointer}</code></td>
        <td>
          <span class="finding-message">${finding.message}</span>
          <small class="finding-rule">Rule: ${finding.rule}. Accepted: ${finding.accepted}.</small>
        </td>
      </tr>`)}</tbody>
    </table>
    ${findings.length > shown.length ? html`<p class="capped-note">${moreNotShown(findings.length - shown.length, "finding")}.</p>` : null}
  </div>` as HTMLElement;
}
