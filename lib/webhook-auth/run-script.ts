/**
 * Lesson 4's run as a script ("Copy as script"): the panel's inputs and the secrets the page
 * drew (inputs of the run: lib draws no randomness), the page's lib call, the signature debugger
 * lab's figures. The script holds the secrets in plain text, as the page does.
 */
import {runScript} from "../shared/run-script.js";
import type {WebhookLessonSecrets} from "./lesson.js";

export function webhookRunScript(inputs: Readonly<Record<string, unknown>>, secrets: WebhookLessonSecrets): string {
  // Only what the run reads: the page's key material holds more (the v1a demo's Ed25519 seed).
  const {secret, rotatedSecret, otherEndpointSecret, eventId} = secrets;
  return runScript({
    fileName: "webhook-authentication-run",
    reproduces: "lesson 4's webhook authentication run (A2A Workbench)",
    libImports: ["runWebhookLesson"],
    figures: {name: "webhookFigureLines", from: "./src/components/webhook-auth/lab-figures.js"},
    literals: {inputs, secrets: {secret, rotatedSecret, otherEndpointSecret, eventId}},
    compute: ["const run = await runWebhookLesson(inputs, secrets);"],
    figuresOf: "run"
  });
}
