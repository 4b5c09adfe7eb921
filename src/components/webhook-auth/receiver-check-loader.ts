/**
 * Lesson 4's "check your own receiver": the example report drawn, and a file box to draw your own
 * instead. The file is read in this tab only (nothing is sent or stored); a file that is too large,
 * not JSON, or not a report is named with what is accepted, and the page keeps the report it shows.
 */
import {readReceiverCheckReport, REPORT_FILE_LIMIT_BYTES} from "../../../lib/receiver-check/report-file.js";
import type {ReceiverCheckReport} from "../../../lib/receiver-check/report.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import {element, listen} from "../runtime/dom.js";
import {InputNotices} from "../links/input-notices.js";
import {ReceiverCheckReportView} from "./receiver-check-report.js";

const EXAMPLE_CAPTION = "Example: the course's reference receiver with the check-then-insert flaw";
const ACCEPTED = "a report is the JSON that npm run check-receiver -- --json FILE writes";
const shortName = (name: string) => toVisible(name.length > 60 ? `${name.slice(0, 59)}…` : name);

export function ReceiverCheckLoader({example}: {example: ReceiverCheckReport}): HTMLElement {
  const input = element("input", {type: "file", accept: ".json,application/json", class: "check-report-file"});
  const back = element("button", {type: "button", hidden: true}, "Show the example again");
  const notices = element("div", {class: "check-report-notices"}, InputNotices([]));
  const shown = element(
    "div",
    {class: "check-report-shown"},
    ReceiverCheckReportView(example, {caption: EXAMPLE_CAPTION})
  );
  const show = (report: ReceiverCheckReport, caption: string, isExample: boolean) => {
    shown.replaceChildren(ReceiverCheckReportView(report, {caption}));
    back.hidden = isExample;
  };
  const refuse = (name: string, problem: string) =>
    notices.replaceChildren(
      InputNotices([
        {
          field: "report",
          label: "Report file",
          value: shortName(name),
          problem: `${problem}: ${ACCEPTED}`,
          fallback: "the report shown before"
        }
      ])
    );
  // The latest choice wins: a large file still being read when another is chosen is dropped.
  let latest = 0;
  listen(input, "change", () => void readChosen());
  listen(back, "click", () => {
    // A file still being read is dropped: the reader asked for the example after choosing it.
    latest++;
    notices.replaceChildren(InputNotices([]));
    input.value = "";
    show(example, EXAMPLE_CAPTION, true);
  });
  async function readChosen(): Promise<void> {
    const file = input.files?.[0];
    const turn = ++latest;
    if (!file) return;
    if (file.size > REPORT_FILE_LIMIT_BYTES)
      return refuse(
        file.name,
        `it is ${(file.size / 1_000_000).toFixed(1)} MB, more than ${REPORT_FILE_LIMIT_BYTES / 1_000_000} MB`
      );
    const text = await file.text().catch(() => null);
    if (turn !== latest) return;
    const read = text === null ? {ok: false as const, problem: "it cannot be read"} : readReceiverCheckReport(text);
    if (!read.ok) return refuse(file.name, read.problem);
    notices.replaceChildren(InputNotices([]));
    show(read.report, `Your report (${shortName(file.name)})`, false);
  }
  return element(
    "div",
    {class: "check-report-loader"},
    element("p", {class: "check-report-controls"}, element("label", null, "Load a report ", input), " ", back),
    notices,
    shown
  );
}
