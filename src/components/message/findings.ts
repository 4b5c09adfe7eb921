/**
 * Every finding of the transaction: where it is (a button that selects the span
 * in the editor), the stage, the JSON pointer, what is wrong, the rule that
 * fired and what it accepts. Text only: messages quote the request.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import type {Finding as MessageFinding} from "../../../lib/message/finding.js";
import type {SourceSpan as MessageSourceSpan} from "../../../lib/message/source-span.js";
import {STAGE_NAMES as MESSAGE_STAGE_NAMES} from "../../../lib/message/finding.js";
import {moreNotShown} from "./capped-text.js";

/** Rows rendered; the rest are counted. */
export const FINDINGS_SHOWN = 100;

const SEVERITY_WORDS = {error: "✗ error", warning: "⚠ warning", note: "ℹ note"} as const;

export interface FindingListOptions {
  /** Called with a finding's span when the reader asks to see it in the editor. */
  onLocate?: (span: MessageSourceSpan) => void;
}

export function FindingList(findings: readonly MessageFinding[], {onLocate}: FindingListOptions = {}): HTMLElement {
  if (findings.length === 0)
    return element("p", {class: "findings-empty"}, "No findings: nothing to mark, warn about or note.");
  const shown = findings.slice(0, FINDINGS_SHOWN);
  return ScrollRegion(
    "Findings",
    element(
      "table",
      {class: "findings-table"},
      element(
        "caption",
        null,
        `${findings.length} finding${findings.length === 1 ? "" : "s"}: the whole text first, then request by request, stage by stage`
      ),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          ["Where", "Stage", "Kind", "Pointer", "What, the rule, and what it accepts"].map((name) =>
            element("th", {scope: "col"}, name)
          )
        )
      ),
      element(
        "tbody",
        null,
        shown.map((finding) => FindingRow(finding, onLocate))
      )
    ),
    findings.length > shown.length
      ? element("p", {class: "capped-note"}, `${moreNotShown(findings.length - shown.length, "finding")}.`)
      : null
  );
}

function FindingRow(finding: MessageFinding, onLocate: FindingListOptions["onLocate"]): HTMLElement {
  const span = finding.span;
  const where = span ? `line ${span.line}, col ${span.column}` : "whole text";
  return element(
    "tr",
    {class: `finding finding-${finding.severity}`},
    element(
      "td",
      null,
      span && onLocate
        ? element(
            "button",
            {
              type: "button",
              class: "finding-locate",
              onclick: () => onLocate(span),
              "aria-label": `${where}: show in the editor`
            },
            where
          )
        : where
    ),
    element("td", null, `${finding.stage}. ${MESSAGE_STAGE_NAMES[finding.stage]}`),
    element("td", {class: `severity-${finding.severity}`}, SEVERITY_WORDS[finding.severity]),
    element("td", null, element("code", null, finding.pointer === "" ? "(root)" : finding.pointer)),
    element(
      "td",
      null,
      element("span", {class: "finding-message"}, finding.message),
      element("small", {class: "finding-rule"}, `Rule: ${finding.rule}. Accepted: ${finding.accepted}.`)
    )
  );
}
