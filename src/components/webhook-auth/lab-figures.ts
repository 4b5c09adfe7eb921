/**
 * Lesson 4's key figures as text, for a run's script: the signature debugger lab's two verdicts
 * (signature-debugger.ts, DebuggerVerdicts), this receiver's and a correct receiver's.
 */
import type {SignatureDebugResult} from "../../../lib/webhook-auth/standard-webhooks/signature-debugger.js";
import type {WebhookLessonRun} from "../../../lib/webhook-auth/lesson.js";
import type {FigureLine} from "../chart/lab-figure.js";

/** "✓ accepts — reason", as a verdict reads on the page. */
export function verdictText({ok, reason}: {ok: boolean; reason: string}): string {
  return `${ok ? "✓ accepts" : "✗ refuses"} — ${reason}`;
}

export function debuggerFigureLines(debug: SignatureDebugResult): FigureLine[] {
  // The page says "see below" and lists the issues under it; a script has no below.
  if (!debug.ok) return [{label: "The debugger cannot run", value: debug.issues.join("; ")}];
  return [
    {label: "This receiver", value: verdictText(debug.verdict)},
    {label: "A correct receiver, same configured secret", value: verdictText(debug.correctReceiver)}
  ];
}

export function webhookFigureLines(run: WebhookLessonRun): FigureLine[] {
  return debuggerFigureLines(run.debug);
}
