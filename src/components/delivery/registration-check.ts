/**
 * Lesson 2's transaction, loaded for lesson 1's registration view when the reader asks for the
 * check: checking the push-config request with the same six stages needs lesson 2's validators
 * (the v0.3.0 schema, the 1.0.1 proto table), which lesson 1 otherwise does without. Loaded and
 * run at page load they cost about 20 ms of script, and Lighthouse's mobile score fell from 100
 * to 93-94; asked for, they cost nothing until then. Once asked, every later change is checked.
 */
import {onDemand} from "../runtime/on-demand.js";

type TransactionModule = typeof import("../../../lib/message/transaction.js");

const check = onDemand<TransactionModule>(
  () => import("../../../lib/message/transaction.js"),
  "Checking the registration with lesson 2's six gates…",
  (reason) =>
    `The registration could not be checked: lesson 2's checker did not load (${String(reason)}). Reload the page to try again.`
);

let requested = false;

/** The reader asked for the check: load lesson 2's transaction. */
export function requestRegistrationCheck(): Promise<TransactionModule> {
  requested = true;
  return check.load();
}

/** Whether the reader has asked for the check: a view of the registration is drawn from it. */
export function registrationRequested(): boolean {
  return requested;
}

/** Lesson 2's transaction once the reader has asked for the check (ModuleNotLoaded while it loads), or null before. */
export function registrationCheckIfRequested(): TransactionModule | null {
  return requested ? check.loaded() : null;
}
