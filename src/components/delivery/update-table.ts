/**
 * Per update, the sender's outcome next to the receiver's effects, so the two are
 * read side by side. A custom input: its value is the update chosen for inspection
 * (each row has an Inspect button).
 */
import {ScrollRegion} from "../runtime/scroll-region.js";
import {element, type Child} from "../runtime/dom.js";
import {morph} from "../runtime/morph.js";
import {cancelRedraw, drawNowOrWhenSeen, watchDistance} from "../runtime/offscreen-redraws.js";
import {
  bodyShape,
  senderPreset,
  wireBodyNames,
  wireRequest,
  type DeliveryRun,
  type UpdateOutcome
} from "../../../lib/delivery/index.js";

const OUTCOME_WORDS: Record<UpdateOutcome["outcome"], string> = {
  acknowledged: "acknowledged (2xx seen)",
  refused: "refused (permanent)",
  exhausted: "exhausted (retry budget used up)",
  "stopped-by-deletion": "stopped: config deleted",
  blocked: "blocked before dispatch",
  unanswered: "unanswered (no timeout: still waiting)"
};

/** The sender's outcome in words; a sender that never retries drops an update rather than exhausting a budget. */
function outcomeWords(update: UpdateOutcome, run: DeliveryRun): string {
  return update.outcome === "exhausted" && senderPreset(run.config.sender).retry.kind === "none"
    ? "dropped (its only attempt failed)"
    : OUTCOME_WORDS[update.outcome];
}

/** What the two columns mean together, in one sentence. */
function reading(update: UpdateOutcome): string {
  const applied = update.receiverEffects;
  const effects =
    applied === 0
      ? "the receiver applied nothing"
      : applied === 1
        ? "the receiver applied it once"
        : `the receiver applied it ${applied} times (duplicate effects)`;
  switch (update.outcome) {
    case "acknowledged":
      return applied === 1 ? "Acknowledged and applied once." : `Acknowledged, but ${effects}.`;
    case "exhausted":
      return `The sender gave up, yet ${effects}: exhaustion is a budget, not proof of no work.`;
    case "refused":
      return `Refused with ${update.refusalStatus}; ${effects}.`;
    case "stopped-by-deletion":
      return `Retries stopped by the deletion; ${effects}.`;
    case "blocked":
      return "Never sent.";
    case "unanswered":
      return `The sender waits for ever for an answer that was lost; ${effects}.`;
  }
}

export type UpdateTableElement = HTMLElement & {
  value: number;
  /** Chooses an update for inspection (e.g. from a click on its swimlane lane), as its button would. */
  select(updateIndex: number): void;
  /** Shows another run's updates, in place; the chosen update stays chosen while the run has it. */
  update(run: DeliveryRun): void;
};

function updateRows(
  run: DeliveryRun,
  selected: number,
  select: (updateIndex: number) => void
): HTMLTableSectionElement {
  return element(
    "tbody",
    null,
    run.updates.map((update) =>
      element(
        "tr",
        {"data-update": update.updateIndex, class: update.updateIndex === selected ? "selected" : null},
        element(
          "td",
          null,
          element(
            "button",
            {
              type: "button",
              "aria-label": `Inspect update ${update.updateIndex + 1}`,
              onclick: () => select(update.updateIndex)
            },
            "Inspect"
          )
        ),
        element("th", {scope: "row"}, `U${update.updateIndex + 1}`),
        element("td", null, element("code", null, update.taskState)),
        element("td", {class: "numeric"}, `${update.emittedAtSeconds} s`),
        element("td", {class: `sender-${update.outcome}`}, outcomeWords(update, run)),
        element("td", {class: "numeric"}, update.attemptsSent),
        element("td", {class: "numeric"}, update.receiverEffects),
        element("td", null, reading(update))
      )
    )
  );
}

/**
 * Built once per page (a custom input: `view(UpdateTable())`) and given each run with
 * `update(run)`, which rewrites only the cells that changed.
 */
export function UpdateTable(): UpdateTableElement {
  let run: DeliveryRun | null = null;
  const tbody = element("tbody");
  const column = (heading: Child) => element("th", {scope: "col"}, heading);
  const root = ScrollRegion(
    "Sender outcome and receiver effects, per update",
    element(
      "table",
      {class: "update-table"},
      element("caption", null, "Sender outcome and receiver effects, per update"),
      element(
        "thead",
        null,
        element(
          "tr",
          null,
          column(element("span", {class: "visually-hidden"}, "Inspect")),
          [
            "Update",
            "Task state",
            "Emitted",
            "Sender outcome",
            "Attempts sent",
            "Receiver effects",
            "Read together"
          ].map(column)
        )
      ),
      tbody
    )
  ) as unknown as UpdateTableElement;
  const redraw = () => {
    if (run) morph(tbody, updateRows(run, root.value, root.select));
  };
  // An input's run is written in at once only while the table is near the screen (see offscreen-redraws.ts).
  watchDistance(root);
  root.value = 0;
  root.select = (updateIndex: number) => {
    if (!run?.updates[updateIndex]) return;
    root.value = updateIndex;
    cancelRedraw(root);
    redraw();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  root.update = (nextRun: DeliveryRun) => {
    run = nextRun;
    // A shorter update list: choose its last update, and tell the page as a click would.
    const last = Math.max(0, run.updates.length - 1);
    if (root.value > last) {
      root.value = last;
      cancelRedraw(root);
      redraw();
      root.dispatchEvent(new Event("input", {bubbles: true}));
    } else {
      drawNowOrWhenSeen(root, redraw);
    }
  };
  return root;
}

/**
 * One update's payload and headers, and every attempt with the receiver's decision. An index
 * past the run's last update shows the last one, as the table chooses it.
 */
export function AttemptInspector(run: DeliveryRun, chosenIndex: number): HTMLElement {
  const updateIndex = Math.min(chosenIndex, run.updates.length - 1);
  const update = run.updates[updateIndex];
  if (!update) return element("p", null, "No update to inspect: this run emits none.");
  const attempts = run.attempts.filter((attempt) => attempt.updateIndex === updateIndex);
  const suppressed = run.suppressedAttempts.filter((attempt) => attempt.updateIndex === updateIndex);
  const headers = Object.entries(run.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  const preset = senderPreset(run.config.sender);
  return element(
    "div",
    {class: "attempt-inspector"},
    element("h3", null, `U${updateIndex + 1}: POST ${run.config.callbackUrl}`),
    element(
      "div",
      {class: "inspector-columns"},
      element("div", null, element("strong", null, "Headers"), element("pre", null, headers)),
      element(
        "div",
        null,
        element("strong", null, "Body"),
        ` (${wireBodyNames[bodyShape(preset, run.config.version)]}; every attempt of an update sends the same body)`,
        element(
          "pre",
          null,
          JSON.stringify(wireRequest(preset, update.payload, run.config.credential, run.config.version).body, null, 2)
        )
      )
    ),
    element(
      "ol",
      {class: "attempt-list"},
      attempts.map((attempt) =>
        element(
          "li",
          null,
          element("strong", null, `Attempt ${attempt.attemptNumber}`),
          `: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s; receiver decided `,
          element("code", null, attempt.receiverDecision),
          ` (HTTP ${attempt.httpStatus}${attempt.responseLost ? ", response lost" : ""}${attempt.responseLate ? ", after the sender's deadline" : ""}); sender ` +
            `${attempt.sender.kind === "response" ? `got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s` : attempt.sender.kind === "waiting" ? "never got its (lost) answer, having no timeout," : `timed out at ${attempt.sender.atSeconds} s`} and ` +
            `${attempt.senderAction === "retry" ? `retries at ${attempt.nextRetryAtSeconds} s` : attempt.senderAction === "waiting" ? "waits for ever" : `stops: ${attempt.senderAction}`}.`
        )
      ),
      suppressed.map((attempt) =>
        element(
          "li",
          {class: "suppressed"},
          element("strong", null, `Attempt ${attempt.attemptNumber}`),
          `: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s).`
        )
      )
    ),
    attempts.length === 0 && suppressed.length === 0
      ? element(
          "p",
          null,
          `Nothing was sent for this update: ${run.summary.blockedReason ?? OUTCOME_WORDS[update.outcome]}.`
        )
      : null
  );
}
