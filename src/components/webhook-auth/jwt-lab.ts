/**
 * The JWT lab's views: the verdict (a lab's key figure), the receiver's checks in order with the
 * exact values each compared, and the delivery itself (the request the sender made, the token's
 * header and claims, the receiver's key set and single-use record).
 */
import {element} from "../runtime/dom.js";
import {DebugCaption, SenderAndReceiver} from "./sender-and-receiver.js";
import {formatDuration} from "../format/duration-format.js";
import type {JwtCheck, JwtCheckId} from "../../../lib/webhook-auth/jwt/jwt-profile.js";
import type {JwtLabReport} from "../../../lib/webhook-auth/jwt/jwt-lab.js";

const STATUS_WORDS: Record<JwtCheck["status"], string> = {pass: "✓ pass", fail: "✗ fail", skipped: "– skipped"};

/** What each check asks, in the reader's words. */
const CHECK_LABELS: Record<JwtCheckId, string> = {
  bearer: "Token in Authorization: Bearer",
  signature: "Signature: allowed alg, kid in the key set",
  claims: "Claims are a JSON object",
  issuer: "Issuer (iss)",
  audience: "Audience (aud) is this webhook",
  "body-hash": "Body hash binds the raw bytes",
  "task-id": "Task (taskId) is one this receiver expects",
  "issued-at": "Issued at (iat): not in the future, not too old",
  expiry: "Expiry (exp) and lifetime",
  "jwt-id": "Single use (jti not seen before)",
  "config-token": "Configured token (X-A2A-Notification-Token)"
};

const NO_WEB_CRYPTO =
  "The JWT lab needs Web Crypto, which this page does not have (crypto.subtle exists only on https or localhost), and its own code, which loads after the page's: if you are offline, reload once you are back.";

/** The verdict alone, with the check that decided it. */
export function JwtVerdict(report: JwtLabReport | null): HTMLElement {
  if (!report)
    return element(
      "p",
      {class: "debug-verdict verdict-bad"},
      element("strong", null, "The JWT lab cannot run"),
      ` — ${NO_WEB_CRYPTO}`
    );
  const {verification, mistake} = report;
  const first = verification.checks.find((check) => check.status === "fail");
  const verdict = verification.ok
    ? element(
        "p",
        {class: "debug-verdict verdict-good"},
        element("strong", null, "Receiver: ✓ accepts"),
        element(
          "span",
          {class: "verdict-reason"},
          ` — every check passed${verification.refreshed ? ", after one refetch of the key set" : ""}`
        )
      )
    : element(
        "p",
        {class: "debug-verdict verdict-bad"},
        element("strong", null, `Receiver: ✗ refuses at “${CHECK_LABELS[first!.id]}”`),
        element("span", {class: "verdict-reason"}, ` — ${first!.reason}`)
      );
  const caught = mistake && !verification.ok && first?.id === mistake.caughtBy;
  return element(
    "div",
    {class: "jwt-verdict"},
    verdict,
    mistake
      ? element(
          "p",
          {class: "jwt-mistake-caught"},
          `Mistake: ${mistake.label} (${mistake.side}). ${caught ? "Caught by the check that should catch it." : verification.ok ? "This time it does not break the delivery." : ""}`
        )
      : null
  );
}

/**
 * Every check in the order the receiver runs them, with what it expected and what it received.
 * `slide`: laid out for a slide (the class deck asks for it): one line a check, and the values
 * compared only for the check that refuses, each on its own line, so it reads at slide size.
 */
export function JwtChecks(report: JwtLabReport | null, {slide = false}: {slide?: boolean} = {}): HTMLElement {
  if (!report) return element("p", null, NO_WEB_CRYPTO);
  return element(
    "ol",
    {
      class: `pipeline-checks jwt-checks${slide ? " jwt-checks-slide" : ""}`,
      "aria-label": "The receiver's JWT checks, in order"
    },
    report.verification.checks.map((check, index, checks) => {
      // Checks skipped after a failed gate share its reason: said once, on the first of them.
      const reason = check.status === "skipped" && checks[index - 1]?.reason === check.reason ? "" : check.reason;
      const compared =
        check.compared && check.status !== "skipped" && (!slide || check.status === "fail") ? check.compared : null;
      return element(
        "li",
        {class: `pipeline-check check-${check.status}`},
        element("span", {class: "check-label"}, CHECK_LABELS[check.id]),
        element("span", {class: "check-status"}, STATUS_WORDS[check.status]),
        !slide || check.status === "fail" ? element("span", {class: "check-reason"}, reason) : null,
        compared
          ? element(
              "dl",
              {class: "check-compared"},
              element("dt", null, "expected"),
              element("dd", null, element("code", null, compared.expected)),
              element("dt", null, "received"),
              element("dd", null, element("code", null, compared.received))
            )
          : null
      );
    })
  );
}

const json = (value: unknown) => JSON.stringify(value, null, 2);

/** The request as sent and the receiver's state: key set before and after, single-use record. */
export function JwtDelivery(report: JwtLabReport | null): HTMLElement {
  if (!report) return element("p", null, NO_WEB_CRYPTO);
  const {sender, receiver, verification, mistake, notice, jtiRecord} = report;
  return element(
    "div",
    {class: "jwt-delivery"},
    // Not Framework's .note: the page's key note is the one .note (the lesson's tests find it by that class).
    notice ? element("p", {class: "jwt-notice", role: "note"}, notice) : null,
    mistake
      ? element(
          "p",
          {class: "jwt-mistake"},
          element("strong", null, "Symptom: "),
          mistake.symptom,
          " ",
          element("strong", null, "Fix: "),
          mistake.fix
        )
      : null,
    SenderAndReceiver(
      {
        heading: `Sender (${report.algorithm}, key ${sender.kid})`,
        lines: [
          DebugCaption("Headers sent:"),
          element(
            "pre",
            {class: "jwt-headers"},
            sender.headers.map((header) => `${header.name}: ${header.value}`).join("\n")
          ),
          DebugCaption("The token's header and claims (decoded):"),
          element("pre", null, `${json(sender.protectedHeader)}\n${json(sender.claims)}`)
        ]
      },
      {
        heading: "Receiver",
        lines: [
          element(
            "p",
            null,
            `Now: ${receiver.nowSeconds}. Clock tolerance ${receiver.clockToleranceSeconds} s; longest age or lifetime ${formatDuration(receiver.maxAgeSeconds)}.`
          ),
          element(
            "p",
            null,
            `Cached key set: ${receiver.kidsBefore.join(", ")}${verification.refreshed ? `; after a refetch: ${receiver.kidsAfter.join(", ")}` : ""}. Refetch on an unknown kid at most once per ${receiver.refreshCooldownSeconds} s.`
          ),
          element(
            "p",
            null,
            receiver.usedJtis.length
              ? `Single-use record: ${receiver.usedJtis.map((record) => `${record.jti}, kept until ${record.keptUntilSeconds}`).join("; ")}.`
              : "Single-use record: empty."
          ),
          jtiRecord
            ? element(
                "p",
                null,
                `Accepted, it records ${jtiRecord.jti} and keeps it until ${jtiRecord.keptUntilSeconds} (exp + the tolerance): until then a replay is refused, after it the token no longer verifies anyway.`
              )
            : null,
          element("p", null, `Body bytes it hashes: ${new TextEncoder().encode(receiver.hashedBody).length}.`)
        ]
      }
    )
  );
}
