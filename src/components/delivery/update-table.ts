/**
 * Per update, the sender's outcome next to the receiver's effects, so the two are
 * read side by side. A custom input: its value is the update chosen for inspection
 * (each row has an Inspect button).
 */
import {html} from "htl";
import type {DeliveryRun, UpdateOutcome} from "../../../lib/delivery/index.js";

const OUTCOME_WORDS: Record<UpdateOutcome["outcome"], string> = {
  acknowledged: "acknowledged (2xx seen)",
  refused: "refused (permanent)",
  exhausted: "exhausted (retry budget used up)",
  "stopped-by-deletion": "stopped: config deleted",
  blocked: "blocked before dispatch"
};

/** What the two columns mean together, in one sentence. */
function reading(update: UpdateOutcome): string {
  const applied = update.receiverEffects;
  const effects = applied === 0 ? "the receiver applied nothing" : applied === 1 ? "the receiver applied it once" : `the receiver applied it ${applied} times (duplicate effects)`;
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
  }
}

export type UpdateTableElement = HTMLElement & {
  value: number;
  /** Chooses an update for inspection (e.g. from a click on its swimlane lane), as its button would. */
  select(updateIndex: number): void;
};

export function UpdateTable(run: DeliveryRun, {selected = 0}: {selected?: number} = {}): UpdateTableElement {
  let value = Math.min(Math.max(0, selected), Math.max(0, run.updates.length - 1));
  const rows = run.updates.map((update) => {
    const button = html`<button type="button" aria-label=${`Inspect update ${update.updateIndex + 1}`}>Inspect</button>` as HTMLButtonElement;
    const row = html`<tr data-update=${update.updateIndex}>
      <td>${button}</td>
      <th scope="row">U${update.updateIndex + 1}</th>
      <td><code>${update.taskState}</code></td>
      <td class="numeric">${update.emittedAtSeconds} s</td>
      <td class=${`sender-${update.outcome}`}>${OUTCOME_WORDS[update.outcome]}</td>
      <td class="numeric">${update.attemptsSent}</td>
      <td class="numeric">${update.receiverEffects}</td>
      <td>${reading(update)}</td>
    </tr>` as HTMLTableRowElement;
    button.addEventListener("click", () => root.select(update.updateIndex));
    return row;
  });
  const mark = () => rows.forEach((row, index) => row.classList.toggle("selected", index === value));
  const root = html`<div class="table-scroll"><table class="update-table">
    <caption>Sender outcome and receiver effects, per update</caption>
    <thead><tr><th scope="col"><span class="visually-hidden">Inspect</span></th><th scope="col">Update</th><th scope="col">Task state</th><th scope="col">Emitted</th><th scope="col">Sender outcome</th><th scope="col">Attempts sent</th><th scope="col">Receiver effects</th><th scope="col">Read together</th></tr></thead>
    <tbody>${rows}</tbody>
  </table></div>` as UpdateTableElement;
  root.select = (updateIndex: number) => {
    if (!run.updates[updateIndex]) return;
    value = root.value = updateIndex;
    mark();
    root.dispatchEvent(new Event("input", {bubbles: true}));
  };
  root.value = value;
  mark();
  return root;
}

/** One update's payload and headers, and every attempt with the receiver's decision. */
export function AttemptInspector(run: DeliveryRun, updateIndex: number): HTMLElement {
  const update = run.updates[updateIndex];
  if (!update) return html`<p>No update to inspect: this run emits none.</p>` as HTMLElement;
  const attempts = run.attempts.filter((attempt) => attempt.updateIndex === updateIndex);
  const suppressed = run.suppressedAttempts.filter((attempt) => attempt.updateIndex === updateIndex);
  const headers = Object.entries(run.headers).map(([name, value]) => `${name}: ${value}`).join("\n");
  return html`<div class="attempt-inspector">
    <h3>U${updateIndex + 1}: POST ${run.config.callbackUrl}</h3>
    <div class="inspector-columns">
      <div><strong>Headers</strong><pre>${headers}</pre></div>
      <div><strong>Body</strong> (every attempt of an update sends the same body)<pre>${JSON.stringify(update.payload, null, 2)}</pre></div>
    </div>
    <ol class="attempt-list">
      ${attempts.map((attempt) => html`<li>
        <strong>Attempt ${attempt.attemptNumber}</strong>: sent at ${attempt.dispatchedAtSeconds} s, arrived at ${attempt.arrivesAtSeconds} s;
        receiver decided <code>${attempt.receiverDecision}</code> (HTTP ${attempt.httpStatus}${attempt.responseLost ? ", response lost" : ""}${attempt.responseLate ? ", after the sender's deadline" : ""});
        sender ${attempt.sender.kind === "response" ? `got ${attempt.sender.httpStatus} at ${attempt.sender.atSeconds} s` : `timed out at ${attempt.sender.atSeconds} s`}
        and ${attempt.senderAction === "retry" ? `retries at ${attempt.nextRetryAtSeconds} s` : `stops: ${attempt.senderAction}`}.
      </li>`)}
      ${suppressed.map((attempt) => html`<li class="suppressed"><strong>Attempt ${attempt.attemptNumber}</strong>: due at ${attempt.wouldStartAtSeconds} s, suppressed (config deleted at ${attempt.configDeletedAtSeconds} s).</li>`)}
    </ol>
    ${attempts.length === 0 && suppressed.length === 0 ? html`<p>Nothing was sent for this update: ${run.summary.blockedReason ?? OUTCOME_WORDS[update.outcome]}.</p>` : null}
  </div>` as HTMLElement;
}
