/**
 * Lesson 4's parts a reader opens last, loaded when they come near (runtime/loaded-when-near.ts):
 * the pasted-webhook verifier (with the JOSE and Standard Webhooks readers it brings) and the
 * receiver check's report.
 */
import {LoadedWhenNear} from "../runtime/loaded-when-near.js";
import type {ReceivedWebhookVerifierOptions} from "./received-webhook-verifier.js";

export const ReceivedWebhookVerifierWhenNear = (options: ReceivedWebhookVerifierOptions) =>
  LoadedWhenNear(() => import("./received-webhook-verifier.js"), {
    name: "The pasted-webhook verifier",
    show: (module) => module.ReceivedWebhookVerifier(options)
  }).element;

/** The loader, showing the course's example report until the reader loads their own (the example comes with it). */
export const ReceiverCheckLoaderWhenNear = () =>
  LoadedWhenNear(
    () => Promise.all([import("./receiver-check-loader.js"), import("../../../lib/receiver-check/example-report.js")]),
    {
      name: "The receiver check's report",
      show: ([module, report]) => module.ReceiverCheckLoader({example: report.EXAMPLE_RECEIVER_CHECK_REPORT})
    }
  ).element;
