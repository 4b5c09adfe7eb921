/**
 * Lesson 4's parts a reader opens last, loaded when they come near (runtime/loaded-when-near.ts)
 * from the lesson's later module (./later.ts): the pasted-webhook verifier (with the JOSE and
 * Standard Webhooks readers it brings), the receiver check's report and the live receiver checks.
 */
import {LoadedWhenNear} from "../runtime/loaded-when-near.js";
import type {ReceivedWebhookVerifierOptions} from "./received-webhook-verifier.js";

const later = () => import("./later.js");

export const ReceivedWebhookVerifierWhenNear = (options: ReceivedWebhookVerifierOptions) =>
  LoadedWhenNear(later, {
    name: "The pasted-webhook verifier",
    show: (module) => module.ReceivedWebhookVerifier(options)
  }).element;

/** The loader, showing the course's example report until the reader loads their own. */
export const ReceiverCheckLoaderWhenNear = () =>
  LoadedWhenNear(later, {
    name: "The receiver check's report",
    show: (module) => module.ReceiverCheckLoader({example: module.EXAMPLE_RECEIVER_CHECK_REPORT})
  }).element;

export const WebhookLiveChecksWhenNear = () =>
  LoadedWhenNear(() => later().then((module) => module.WebhookLiveChecks()), {
    name: "The live receiver checks",
    show: (live) => live.lab
  });
