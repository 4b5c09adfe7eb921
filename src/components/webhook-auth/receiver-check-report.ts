/**
 * A receiver-check report drawn (the JSON `npm run check-receiver -- --json FILE` writes): a line of
 * totals, then each check with its verdict, its swimlane (what it sent, what came back), what it
 * found and where the course teaches it. Failed checks start open. Everything from the file is set
 * as text, with bidi and control characters shown as ⟨U+XXXX⟩.
 */
import type {CheckResult} from "../../../lib/receiver-check/checks.js";
import {swimlaneSteps} from "../../../lib/receiver-check/report-file.js";
import type {ReceiverCheckReport} from "../../../lib/receiver-check/report.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import {CheckSwimlane} from "./check-swimlane.js";

const VERDICT_WORDS: Record<CheckResult["verdict"], string> = {
  pass: "✓ pass",
  fail: "✗ fail",
  "not-observable": "– not observable"
};

export function ReceiverCheckReportView(report: ReceiverCheckReport, {caption}: {caption: string}): HTMLElement {
  const count = (verdict: CheckResult["verdict"]) => report.checks.filter((check) => check.verdict === verdict).length;
  const failed = report.checks.filter((check) => check.verdict === "fail");
  return element(
    "div",
    {class: "check-report"},
    element(
      "p",
      {class: "check-report-summary"},
      element("strong", null, caption),
      ": ",
      element("code", {class: "live-long"}, toVisible(report.target)),
      ". ",
      `${count("pass")} passed, ${count("fail")} failed, ${count("not-observable")} not observable`,
      failed.length
        ? [
            " (failed: ",
            failed.map((check, index) => [index ? ", " : "", element("code", null, toVisible(check.id))]),
            ")."
          ]
        : "."
    ),
    report.checks.length === 0 ? element("p", null, "The report holds no check.") : null,
    element("div", {class: "check-report-list"}, report.checks.map(CheckItem))
  );
}

function CheckItem(check: CheckResult): HTMLElement {
  const steps = swimlaneSteps(check);
  const title = toVisible(check.title);
  return element(
    "details",
    {class: `check-report-item check-${check.verdict}`, open: check.verdict === "fail"},
    element(
      "summary",
      null,
      element("span", {class: "check-verdict"}, VERDICT_WORDS[check.verdict]),
      " ",
      element("code", null, toVisible(check.id)),
      " ",
      title
    ),
    steps.length
      ? ScrollRegion(`${title}: what was sent and answered`, CheckSwimlane(steps, {title}))
      : element("p", null, element("small", null, "This report lists no POST for this check.")),
    element("p", {class: "check-report-detail live-long"}, toVisible(check.detail)),
    element("p", null, element("small", null, `Taught in: ${toVisible(check.lesson)}`))
  );
}
