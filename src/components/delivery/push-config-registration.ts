/**
 * Lesson 1's configure group: the JSON-RPC request that registers the push config
 * (tasks/pushNotificationConfig/set in v0.3.0, CreateTaskPushNotificationConfig in 1.0), and
 * what lesson 2's six gates make of it: each gate passed, or the one that stopped it and why,
 * and the agent's answer. Everything shown is text.
 */
import {element} from "../runtime/dom.js";
import {ScrollRegion} from "../runtime/scroll-region.js";
import type {PushConfigRequest} from "../../../lib/delivery/index.js";
import type {MessageTransaction} from "../../../lib/message/transaction.js";

/** `transaction`: lesson 2's verdict on the request, or null until the reader asks for it (`onCheck`). */
export function PushConfigRegistration(
  request: PushConfigRequest,
  transaction: MessageTransaction | null,
  onCheck: () => void
): HTMLElement {
  return element(
    "section",
    {class: "push-config-registration", "aria-label": "The request that registers the push config"},
    element("h3", null, "Registering the push config"),
    element(
      "p",
      {class: "registration-note"},
      element("code", {class: "registration-method"}, request.method),
      `, sent first, with A2A-Version ${request.version}. The callback URL and the credential above are what it carries.`
    ),
    ScrollRegion("The registration request", element("pre", {class: "registration-request"}, request.text)),
    transaction === null
      ? element(
          "button",
          {type: "button", class: "registration-check", onclick: onCheck},
          "Check it with lesson 2's six gates"
        )
      : Verdict(transaction)
  );
}

function Verdict(transaction: MessageTransaction): HTMLElement {
  const outcome = transaction.requests[0]!;
  const gates = outcome.stages
    .filter((stage) => stage.status !== "not-reached")
    .map((stage) => `${stage.status === "pass" ? "✓" : "✗"} ${stage.name}`);
  const firstError = transaction.findings.find((finding) => finding.severity === "error");
  return element(
    "div",
    {class: "registration-verdict"},
    element(
      "p",
      {class: "registration-gates"},
      element("strong", null, "Lesson 2's six gates: "),
      gates.join(" · "),
      outcome.stoppedAt === null ? " (a push config has no parts to decode)" : ""
    ),
    outcome.stoppedAt === null
      ? element(
          "p",
          {class: "verdict-good"},
          `Stored as ${transaction.receipts[0]?.configId ?? "?"}; the agent answers the config it stored.`
        )
      : element(
          "p",
          {class: "verdict-bad"},
          `Stopped at gate ${outcome.stoppedAt}: ${firstError?.message ?? outcome.verdict}`
        ),
    transaction.responseText === null
      ? null
      : element(
          "details",
          null,
          element("summary", null, "The agent's answer"),
          ScrollRegion("The agent's answer", element("pre", {class: "registration-response"}, transaction.responseText))
        )
  );
}
