/**
 * The signature debugger's report: the exact signed strings on both sides,
 * the expected and received signatures, the verdict of this receiver and of a
 * correct one, and every classic mistake with its symptom.
 */
import {element} from "../runtime/dom.js";
import {DebugCaption, SenderAndReceiver} from "./sender-and-receiver.js";
import type {
  MarkedExcerpt,
  SignatureDebugResult
} from "../../../lib/webhook-auth/standard-webhooks/signature-debugger.js";

function Verdict({ok, reason}: {ok: boolean; reason: string}, who: string): HTMLElement {
  return element(
    "p",
    {class: `debug-verdict ${ok ? "verdict-good" : "verdict-bad"}`},
    element("strong", null, `${who}: ${ok ? "✓ accepts" : "✗ refuses"}`),
    element("span", {class: "verdict-reason"}, ` — ${reason}`)
  );
}

/** The two verdicts alone: a lab's key figures, pinned above the debugger's controls on a phone. */
export function DebuggerVerdicts(result: SignatureDebugResult): HTMLElement {
  if (!result.ok)
    return element(
      "p",
      {class: "debug-verdict verdict-bad"},
      element("strong", null, "The debugger cannot run"),
      " — see below."
    );
  return element(
    "div",
    {class: "debugger-verdicts"},
    Verdict(result.verdict, "This receiver"),
    Verdict(result.correctReceiver, "A correct receiver, same configured secret")
  );
}

/**
 * The whole report; `verdicts: false` leaves out the two verdicts where DebuggerVerdicts shows them (they
 * are still there for a narrow lab, whose pinned strip shows each verdict without its reason).
 */
export function SignatureDebugger(
  result: SignatureDebugResult,
  {verdicts = true}: {verdicts?: boolean} = {}
): HTMLElement {
  if (!result.ok) {
    return element(
      "div",
      {class: "debug-problem", role: "status"},
      element("strong", null, "The debugger cannot run:"),
      element(
        "ul",
        null,
        result.issues.map((issue) => element("li", null, issue))
      )
    );
  }
  const {sender, receiver, contentDifference, verdict, correctReceiver} = result;
  const headerLines = Object.entries(sender.headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join("\n");
  return element(
    "div",
    {class: "signature-debugger"},
    element(
      "div",
      {class: verdicts ? "debugger-verdicts" : "debugger-verdicts-narrow"},
      Verdict(verdict, "This receiver"),
      Verdict(correctReceiver, "A correct receiver, same configured secret")
    ),
    SenderAndReceiver(
      {
        heading: "Sender",
        lines: [
          element("p", null, `Signs with: ${sender.signedWith.join(" and ")}`),
          DebugCaption("Signed string (", element("code", null, "webhook-id.webhook-timestamp.body"), "):"),
          element("pre", {class: "signed-string"}, sender.signedContent),
          DebugCaption("Headers sent:"),
          element("pre", null, headerLines)
        ]
      },
      {
        heading: "Receiver",
        lines: [
          element("p", null, `Key: ${receiver.keyDescription}`),
          DebugCaption("Signed string it rebuilds:"),
          element("pre", {class: "signed-string"}, receiver.signedContent || "(none: it could not read the body)"),
          contentDifference
            ? element(
                "p",
                {class: "debug-difference verdict-bad"},
                `✗ The two strings first differ at byte ${contentDifference.index}: sender `,
                element("code", null, `…${contentDifference.sender}…`),
                ", receiver ",
                element("code", null, `…${contentDifference.receiver}…`)
              )
            : element("p", {class: "debug-difference"}, "Same signed string on both sides."),
          DebugCaption("Expected signature (its own HMAC):"),
          element("pre", null, receiver.expectedSignature || "(none)"),
          DebugCaption("Received signature candidates, as it parsed the header:"),
          element(
            "pre",
            null,
            receiver.receivedSignatures.length
              ? receiver.receivedSignatures.map((s, i) => `${i + 1}. ${s}`).join("\n")
              : "(none)"
          )
        ]
      }
    )
  );
}

/** How much of a signed string a slide shows when both sides agree: its start. */
const SLIDE_STRING_LENGTH = 64;

/**
 * The signature's evidence laid out for a slide (the class deck asks for it by name): one column,
 * each value on its own line in slide type, never shrunk to fit. Both signed strings around their
 * first differing byte (marked), the keys, and the signature header's entries as the receiver
 * parsed them against the one it expected.
 */
export function SignatureSlide(result: SignatureDebugResult): HTMLElement {
  if (!result.ok)
    return element(
      "div",
      {class: "debug-problem", role: "status"},
      element("strong", null, "The debugger cannot run:"),
      element(
        "ul",
        null,
        result.issues.map((issue) => element("li", null, issue))
      )
    );
  const {sender, receiver, contentDifference: difference} = result;
  const start = (text: string) => (text.length > SLIDE_STRING_LENGTH ? `${text.slice(0, SLIDE_STRING_LENGTH)}…` : text);
  const shown = (marked: MarkedExcerpt | undefined, whole: string) =>
    marked
      ? element(
          "code",
          null,
          marked.before,
          element("mark", {class: "first-difference"}, marked.at || "⟨end⟩"),
          marked.after
        )
      : element("code", null, start(whole));
  const entry = (signature: string, index: number) => {
    const matches = signature === receiver.expectedSignature;
    return element(
      "dd",
      {class: matches ? "verdict-good" : "verdict-bad"},
      `${index + 1}. `,
      element("code", null, signature),
      matches ? " ✓ the one expected" : " ✗"
    );
  };
  return element(
    "dl",
    {class: "signature-slide"},
    element(
      "dt",
      null,
      "Sender signs ",
      element("code", null, "id.timestamp.body"),
      ` with ${sender.signedWith.join(" and ")}`
    ),
    element("dd", null, shown(difference?.senderMarked, sender.signedContent)),
    element("dt", null, `Receiver rebuilds, with ${receiver.keyDescription}`),
    element(
      "dd",
      null,
      receiver.signedContent
        ? shown(difference?.receiverMarked, receiver.signedContent)
        : "(nothing: it could not read the body)"
    ),
    element(
      "dd",
      {class: `signature-slide-difference ${difference ? "verdict-bad" : "verdict-good"}`},
      difference
        ? `✗ The strings first differ at byte ${difference.index} (marked).`
        : "✓ The same signed string on both sides."
    ),
    element("dt", null, "Expected signature (the receiver's own HMAC)"),
    element("dd", null, element("code", null, receiver.expectedSignature || "(none)")),
    element("dt", null, "webhook-signature entries, as the receiver parsed the header"),
    receiver.receivedSignatures.length ? receiver.receivedSignatures.map(entry) : element("dd", null, "(none)")
  );
}

/** Every classic mistake: whether it is on, what it alone does to this request, the symptom and the fix. */
export function MistakeTable(result: SignatureDebugResult): HTMLElement {
  if (!result.ok) return element("p", null, "No request to test the mistakes against.");
  const term = (name: string) => element("span", {class: "mistake-term"}, name);
  return element(
    "div",
    {class: "mistake-section"},
    element(
      "p",
      {class: "mistake-heading"},
      element("strong", null, "The classic mistakes, each tried alone on this request")
    ),
    element(
      "ul",
      {class: "mistake-list"},
      result.mistakes.map((mistake) =>
        element(
          "li",
          {class: `mistake${mistake.enabled ? " mistake-on" : ""}`, "data-mistake": mistake.id},
          element(
            "p",
            null,
            element("strong", null, mistake.label),
            " ",
            element(
              "span",
              {class: "mistake-side"},
              `(${mistake.side} side${mistake.enabled ? ", switched on now" : ""})`
            )
          ),
          element(
            "p",
            {class: mistake.breaksThisRequestAlone ? "verdict-bad" : "verdict-good"},
            `${mistake.breaksThisRequestAlone ? "✗ Alone, it breaks this request: " : "✓ Alone, this request still passes: "}${mistake.aloneOutcome}`
          ),
          element("p", null, term("Symptom:"), ` ${mistake.symptom}`),
          element("p", null, term("Fix:"), ` ${mistake.fix}`)
        )
      )
    )
  );
}
