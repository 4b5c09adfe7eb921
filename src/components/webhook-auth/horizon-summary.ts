/** The retry experiment's figures, per signing lane, next to the rule the retention must satisfy. */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import type {RetryHorizonSelection} from "../../../lib/webhook-auth/lesson.js";
import type {RetryLaneResult} from "../../../lib/webhook-auth/rotation/retry-horizon.js";
import {formatDuration} from "../format/duration-format.js";
import {LANE_LABELS} from "./horizon-lanes.js";

function laneVerdict(lane: RetryLaneResult): string {
  if (lane.lost)
    return lane.stoppedByRefusal
      ? "✗ update lost: the sender gave up on a refusal"
      : "✗ update lost: no attempt took effect";
  if (lane.effects > 1)
    return `✗ applied ${lane.effects} times: ${lane.slippedPast} retr${lane.slippedPast === 1 ? "y" : "ies"} slipped past dedup`;
  return "✓ applied once";
}

export function HorizonSummary({preset, result}: RetryHorizonSelection): HTMLElement {
  const covered = result.retentionSeconds > result.retentionMustExceedSeconds;
  const numeric = (value: number) => element("td", {class: "numeric"}, value);
  return element(
    "div",
    {class: "horizon-summary"},
    element(
      "p",
      null,
      element("strong", null, `${preset.label}.`),
      ` ${preset.note} `,
      element("small", null, `Source: ${preset.source}`)
    ),
    element(
      "p",
      null,
      "Retry horizon (first to last attempt): ",
      element("strong", null, formatDuration(result.horizonSeconds)),
      ". Retention: ",
      element("strong", null, formatDuration(result.retentionSeconds)),
      " ",
      element(
        "span",
        {class: covered ? "verdict-good" : "verdict-bad"},
        covered ? "✓ longer than the horizon" : "✗ not longer than the horizon"
      ),
      `; to also cover a replay of the last attempt inside its window it must exceed ${formatDuration(result.retentionMustExceedWithReplaySeconds)}.`
    ),
    ScrollRegion(
      "One event, every scheduled attempt",
      element(
        "table",
        {class: "horizon-table"},
        element("caption", null, "One event, every scheduled attempt"),
        element(
          "thead",
          null,
          element(
            "tr",
            null,
            [
              "Signing",
              "Effects",
              "Duplicates ignored",
              "Slipped past",
              "Refused as too old",
              "Sender saw a 2xx",
              "Outcome"
            ].map((name) => element("th", {scope: "col"}, name))
          )
        ),
        element(
          "tbody",
          null,
          [result.resigned, result.reused].map((lane) =>
            element(
              "tr",
              null,
              element("th", {scope: "row"}, LANE_LABELS[lane.lane]),
              numeric(lane.effects),
              numeric(lane.duplicatesSuppressed),
              numeric(lane.slippedPast),
              numeric(lane.refusedByWindow),
              element("td", null, lane.acknowledged ? "yes" : "no"),
              element("td", {class: lane.lost || lane.effects > 1 ? "verdict-bad" : "verdict-good"}, laneVerdict(lane))
            )
          )
        )
      )
    )
  );
}
