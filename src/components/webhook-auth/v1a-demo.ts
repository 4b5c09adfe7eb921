/** The asymmetric v1a demo's outcome, or why this browser cannot run it. */
import {html} from "htl";
import type {V1aDemo} from "../../../lib/webhook-auth/index.js";

export function V1aDemoView(demo: V1aDemo): HTMLElement {
  if (!demo.supported) {
    return html`<p class="v1a-unsupported" role="status"><strong>Not available in this browser:</strong> ${demo.reason}. The symmetric v1 scheme above is unaffected.</p>` as HTMLElement;
  }
  return html`<div class="v1a-demo">
    <p>Public key the receiver trusts: <code>${demo.publicKey}</code> (the private seed stays with the sender, here: in this tab).</p>
    <pre>${Object.entries(demo.signed.headers).map(([name, value]) => `${name}: ${value}`).join("\n")}</pre>
    <p class=${demo.verification.ok ? "verdict-good" : "verdict-bad"}>${demo.verification.ok ? "✓" : "✗"} Unchanged body: ${demo.verification.reason}.</p>
    <p class=${demo.tampered.ok ? "verdict-bad" : "verdict-good"}>${demo.tampered.ok ? "✗ accepted" : "✓ refused"} with one body byte changed: ${demo.tampered.reason}.</p>
  </div>` as HTMLElement;
}
