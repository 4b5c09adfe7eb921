/**
 * The later module (./shared.ts) as every part that needs it asks for it: loaded once, on first
 * use, and tried again after a failed load (runtime/on-demand.ts).
 */
import {onDemand} from "../runtime/on-demand.js";

export const laterParts = onDemand(
  () => import("./shared.js"),
  "Loading…",
  (reason) => `Could not load (${reason instanceof Error ? reason.message : String(reason)}).`
);
