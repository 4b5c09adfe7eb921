/**
 * The signature debugger's report: the exact signed strings on both sides,
 * the expected and received signatures, the verdict of this receiver and of a
 * correct one, and every classic mistake with its symptom.
 */
import {html} from "htl";
import type {SignatureDebugResult} from "../../../lib/webhook-auth/index.js";

function Verdict({ok, reason}: {ok: boolean; reason: string}, who: string): HTMLElement {
  return html`<p class=${`debug-verdict ${ok ? "verdict-good" : "verdict-bad"}`}><strong>${who}: ${ok ? "✓ accepts" : "✗ refuses"}</strong> — ${reason}</p>` as HTMLElement;
}

export function SignatureDebugger(result: SignatureDebugResult): HTMLElement {
  if (!result.ok) {
    return html`<div class="debug-problem" role="status"><strong>The debugger cannot run:</strong><ul>${result.issues.map((issue) => html`<li>${issue}</li>`)}</ul></div>` as HTMLElement;
  }
  const {sender, receiver, contentDifference, verdict, correctReceiver} = result;
  const headerLines = Object.entries(sender.headers).map(([name, value]) => `${name}: ${value}`).join("\n");
  return html`<div class="signature-debugger">
    ${Verdict(verdict, "This receiver")}
    ${Verdict(correctReceiver, "A correct receiver, same configured secret")}
    <div class="debug-columns">
      <section aria-label="Sender">
        <p class="debug-side">Sender</p>
        <p>Signs with: ${sender.signedWith.join(" and ")}</p>
        <p class="debug-caption">Signed string (<code>webhook-id.webhook-timestamp.body</code>):</p>
        <pre class="signed-string">${sender.signedContent}</pre>
        <p class="debug-caption">Headers sent:</p>
        <pre>${headerLines}</pre>
      </section>
      <section aria-label="Receiver">
        <p class="debug-side">Receiver</p>
        <p>Key: ${receiver.keyDescription}</p>
        <p class="debug-caption">Signed string it rebuilds:</p>
        <pre class="signed-string">${receiver.signedContent || "(none: it could not read the body)"}</pre>
        ${contentDifference
          ? html`<p class="debug-difference verdict-bad">✗ The two strings first differ at byte ${contentDifference.index}: sender <code>…${contentDifference.sender}…</code>, receiver <code>…${contentDifference.receiver}…</code></p>`
          : html`<p class="debug-difference">Same signed string on both sides.</p>`}
        <p class="debug-caption">Expected signature (its own HMAC):</p>
        <pre>${receiver.expectedSignature || "(none)"}</pre>
        <p class="debug-caption">Received signature candidates, as it parsed the header:</p>
        <pre>${receiver.receivedSignatures.length ? receiver.receivedSignatures.map((s, i) => `${i + 1}. ${s}`).join("\n") : "(none)"}</pre>
      </section>
    </div>
  </div>` as HTMLElement;
}

/** Every classic mistake: whether it is on, what it alone does to this request, the symptom and the fix. */
export function MistakeTable(result: SignatureDebugResult): HTMLElement {
  if (!result.ok) return html`<p>No request to test the mistakes against.</p>` as HTMLElement;
  return html`<div class="mistake-section">
    <p class="mistake-heading"><strong>The classic mistakes, each tried alone on this request</strong></p>
    <ul class="mistake-list">${result.mistakes.map((mistake) => html`<li class=${`mistake${mistake.enabled ? " mistake-on" : ""}`} data-mistake=${mistake.id}>
      <p><strong>${mistake.label}</strong> <span class="mistake-side">(${mistake.side} side${mistake.enabled ? ", switched on now" : ""})</span></p>
      <p class=${mistake.breaksThisRequestAlone ? "verdict-bad" : "verdict-good"}>${mistake.breaksThisRequestAlone ? "✗ Alone, it breaks this request: " : "✓ Alone, this request still passes: "}${mistake.aloneOutcome}</p>
      <p><span class="mistake-term">Symptom:</span> ${mistake.symptom}</p>
      <p><span class="mistake-term">Fix:</span> ${mistake.fix}</p>
    </li>`)}</ul>
  </div>` as HTMLElement;
}
