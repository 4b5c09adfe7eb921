/** The asymmetric v1a demo's outcome, or why this browser cannot run it. */
import {element} from "../runtime/dom.js";
import type {V1aDemo} from "../../../lib/webhook-auth/standard-webhooks/v1a-demo.js";

export function V1aDemoView(demo: V1aDemo): HTMLElement {
  if (!demo.supported) {
    return element(
      "p",
      {class: "v1a-unsupported", role: "status"},
      element("strong", null, "Not available in this browser:"),
      ` ${demo.reason}. The symmetric v1 scheme above is unaffected.`
    );
  }
  return element(
    "div",
    {class: "v1a-demo"},
    element(
      "p",
      null,
      "Public key the receiver trusts: ",
      element("code", null, demo.publicKey),
      " (the private seed stays with the sender, here: in this tab)."
    ),
    element(
      "pre",
      null,
      Object.entries(demo.signed.headers)
        .map(([name, value]) => `${name}: ${value}`)
        .join("\n")
    ),
    element(
      "p",
      {class: demo.verification.ok ? "verdict-good" : "verdict-bad"},
      `${demo.verification.ok ? "✓" : "✗"} Unchanged body: ${demo.verification.reason}.`
    ),
    element(
      "p",
      {class: demo.tampered.ok ? "verdict-bad" : "verdict-good"},
      `${demo.tampered.ok ? "✗ accepted" : "✓ refused"} with one body byte changed: ${demo.tampered.reason}.`
    )
  );
}
