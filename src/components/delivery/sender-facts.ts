/**
 * The chosen sender in a few lines, beside the lab's inputs: its timeout, retries, what it counts
 * as delivered and how it orders one task's updates, and where that was read. For a real sender
 * it says that the timeout, attempts and first retry wait inputs shape the teaching sender only.
 */
import type {SenderPreset} from "../../../lib/delivery/index.js";
import {element} from "../runtime/dom.js";
import {formatDuration} from "../format/duration-format.js";

/** The retry schedule in words. */
export function describeRetries(preset: SenderPreset): string {
  const retry = preset.retry;
  switch (retry.kind) {
    case "none":
      return "no retry: one attempt, a failure is logged and the update dropped";
    case "doubling":
      return "503s and timeouts retried, the first retry wait doubling each time, up to the attempts input";
    case "table":
      return `every failure retried after ${retry.waitsSeconds.map(formatDuration).join(", ")} (${retry.waitsSeconds.length + 1} attempts)`;
    case "exponential":
      return `every failure retried after ${formatDuration(retry.intervalSeconds)} doubling, capped at ${formatDuration(retry.capSeconds)}, plus under ${formatDuration(retry.jitterBelowSeconds)} of jitter (${retry.maxAttempts} attempt${retry.maxAttempts === 1 ? "" : "s"})`;
  }
}

export function describeTimeout(preset: SenderPreset, sliderSeconds: number): string {
  if (preset.timeoutSeconds === "slider") return `${formatDuration(sliderSeconds)} (the sender timeout input)`;
  return preset.timeoutSeconds === null ? "none: it waits for ever" : formatDuration(preset.timeoutSeconds);
}

export function SenderFacts(preset: SenderPreset, sliderTimeoutSeconds: number): HTMLElement {
  const facts: [string, string][] = [
    ["Timeout", describeTimeout(preset, sliderTimeoutSeconds)],
    ["Retries", describeRetries(preset)],
    [
      "Delivered when",
      preset.success === "2xx"
        ? "the answer is 2xx"
        : "the answer is anything but 401 or 403 (a 503 counts as delivered)"
    ],
    ["One task's updates", preset.orderingNote]
  ];
  return element(
    "section",
    {class: "sender-facts", "aria-label": "What the chosen sender does"},
    element(
      "p",
      {class: "sender-facts-name"},
      preset.name.startsWith(preset.shortName)
        ? [element("strong", null, preset.name), ` (${preset.version})`]
        : [element("strong", null, preset.shortName), ` (${preset.name})`]
    ),
    element(
      "dl",
      null,
      facts.flatMap(([term, text]) => [element("dt", null, term), element("dd", null, text)])
    ),
    preset.id === "teaching"
      ? null
      : element(
          "p",
          {class: "sender-facts-note"},
          `The sender timeout, attempts per update and first retry wait inputs shape the teaching sender only. Read from ${preset.source}.`
        )
  );
}
