/**
 * The key-rotation timeline in words, beside its chart: how many deliveries failed and why, and
 * each fetch of the key set with its reason.
 */
import {element} from "../runtime/dom.js";
import {formatDuration} from "../format/duration-format.js";
import {
  isFailedVerdict,
  KEY_ROTATION_VERDICTS,
  type KeyRotationTimeline
} from "../../../lib/webhook-auth/rotation/key-rotation.js";

export function RotationOutcome(timeline: KeyRotationTimeline): HTMLElement {
  const {summary, fetches} = timeline;
  const failed = KEY_ROTATION_VERDICTS.filter((verdict) => isFailedVerdict(verdict) && summary.byVerdict[verdict] > 0);
  const outcome =
    summary.failures === 0
      ? `All ${summary.deliveries} deliveries verify.`
      : `${summary.failures} of ${summary.deliveries} deliveries fail (${failed.map((verdict) => `${summary.byVerdict[verdict]} ${verdict}`).join("; ")}), the first at ${formatDuration(summary.firstFailureAtSeconds ?? 0)}.`;
  const fetched = fetches
    .map((fetch) => `${formatDuration(fetch.atSeconds)} (${fetch.reason}: ${fetch.kids.join(", ") || "no key"})`)
    .join(", ");
  return element(
    "div",
    {class: "rotation-summary"},
    element("p", {class: summary.failures === 0 ? "verdict-good" : "verdict-bad"}, element("strong", null, outcome)),
    element(
      "p",
      null,
      `The receiver fetched the key set ${fetches.length} ${fetches.length === 1 ? "time" : "times"}: ${fetched}.`
    )
  );
}
