/**
 * "Same outage, seven senders": the lab's receiver conditions under every sender, one row each,
 * side by side: attempts, effects, updates lost, and per update when the receiver applied it or
 * when the sender gave up. Below it, the lesson's conclusion, stated only when these runs show it.
 */
import type {SenderComparison, SenderComparisonRow, UpdateFate} from "../../../lib/delivery/index.js";
import {DEFAULT_MESSAGE_VERSION} from "../../../lib/shared/message-version.js";
import {lessonLink} from "../links/course-links.js";
import {element} from "../runtime/dom.js";
import {formatDuration} from "../format/duration-format.js";
import {ScrollRegion} from "../runtime/scroll-region.js";

/** "3 s" that never breaks between the number and its unit. */
const at = (seconds: number) => formatDuration(seconds).replace(/ /g, "\u00a0");

/** Update columns drawn; a longer run is summed up in the lost count. */
const MAX_UPDATE_COLUMNS = 6;

export interface SenderComparisonOptions {
  /** The page's A2A version, carried in the link to lesson 4 as the page's own links carry it (course-links.ts). */
  version?: string;
}

export function SenderComparisonTable(
  comparison: SenderComparison,
  {version = DEFAULT_MESSAGE_VERSION}: SenderComparisonOptions = {}
): HTMLElement {
  const updateCount = Math.min(MAX_UPDATE_COLUMNS, comparison.rows[0]?.fates.length ?? 0);
  const updates = Array.from({length: updateCount}, (_, index) => index);
  const table = element(
    "table",
    {class: "sender-comparison"},
    element("caption", null, "The lab's receiver conditions under every sender: what each update became."),
    element(
      "thead",
      null,
      element(
        "tr",
        null,
        element("th", {scope: "col"}, "Sender"),
        element("th", {scope: "col"}, "Attempts"),
        element("th", {scope: "col"}, "Effects"),
        element("th", {scope: "col"}, "Lost"),
        updates.map((index) => element("th", {scope: "col"}, `U${index + 1}`))
      )
    ),
    element(
      "tbody",
      null,
      comparison.rows.map((row) =>
        element(
          "tr",
          null,
          element("th", {scope: "row", title: `${row.preset.name} ${row.preset.version}`}, row.preset.shortName),
          element("td", null, String(row.run.summary.attempts)),
          element("td", null, String(row.run.summary.effects)),
          element("td", {class: row.lostUpdates > 0 ? "fate-lost" : null}, String(row.lostUpdates)),
          updates.map((index) => fateCell(row, row.fates[index]!))
        )
      )
    )
  );
  const skipped =
    comparison.skipped.length === 0
      ? null
      : element(
          "p",
          {class: "chart-empty-note", role: "note"},
          `Not run for this many updates: ${comparison.skipped.map((preset) => preset.shortName).join(", ")} (their attempts per update would pass the simulator's attempt budget).`
        );
  return element(
    "div",
    {class: "sender-comparison-view"},
    ScrollRegion("Every sender under the lab's conditions", table),
    skipped,
    conclusion(comparison, version)
  );
}

function fateCell(row: SenderComparisonRow, fate: UpdateFate): HTMLTableCellElement {
  if (fate.firstAppliedAtSeconds !== null)
    return element("td", {class: "fate fate-applied"}, `applied ${at(fate.firstAppliedAtSeconds)}`);
  if (fate.outcome === "blocked" || fate.outcome === "stopped-by-deletion")
    return element("td", {class: "fate"}, fate.outcome === "blocked" ? "not sent" : "stopped");
  if (fate.superseded)
    return element(
      "td",
      {class: "fate", title: "Answered 2xx as stale: a newer update was applied first"},
      "superseded (stale)"
    );
  const reported =
    fate.outcome === "acknowledged"
      ? "reported delivered"
      : fate.outcome === "unanswered"
        ? "still waiting"
        : `gave up ${at(fate.settledAtSeconds)}`;
  return element(
    "td",
    {class: "fate fate-lost", title: `${row.preset.name}: the receiver never applied update ${fate.updateIndex + 1}`},
    `${reported}, never applied`
  );
}

/** The lesson's conclusion, checked against these runs. */
function conclusion(comparison: SenderComparison, version: string): HTMLElement {
  if (comparison.sdkLosses.length === 0) {
    const past =
      comparison.firstArrivalSeconds === null
        ? ""
        : ` past ${at(comparison.firstArrivalSeconds)}, when the first update arrives,`;
    return element(
      "p",
      {class: "sender-conclusion"},
      `In these conditions no released SDK sender lost an update for good. Set “Receiver unavailable until”${past} and watch the SDK rows.`
    );
  }
  const senders = [...new Set(comparison.sdkLosses.map((loss) => loss.preset.shortName))];
  const updates = [...new Set(comparison.sdkLosses.map((loss) => `U${loss.updateIndex + 1}`))];
  return element(
    "p",
    {class: "sender-conclusion sender-conclusion-shown"},
    element("strong", null, "No released A2A SDK retries. "),
    `Here ${senders.length === 4 ? "all four" : `${senders.length} of the four`} SDK senders (${senders.join(", ")}) lost ${updates.join(", ")} for good: their one attempt failed at the receiver (a 503 or a refusal) and they never try again. `,
    "A receiver that must not miss an update cannot rely on push: it has to reconcile, asking the agent for the task (GetTask) when a notification may be missing, as ",
    element(
      "a",
      {href: lessonLink("./webhook-authentication#5-no-event-id-reconcile-with-the-task", version)},
      "lesson 4"
    ),
    " shows."
  );
}
