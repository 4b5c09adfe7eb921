/**
 * The live labs as a page places them: loaded when the reader comes near (runtime/loaded-when-near.ts),
 * since most readers of a lesson never connect a receiver and the lab brings lesson 4's receiver
 * pipeline (and jose) with it.
 */
import {LoadedWhenNear} from "../runtime/loaded-when-near.js";

export const DeliveryLiveLabWhenNear = () =>
  LoadedWhenNear(() => import("./live-labs.js").then((labs) => labs.DeliveryLiveLab()), {
    name: "The live lab",
    show: (live) => live.lab
  });

export const WebhookLiveChecksWhenNear = () =>
  LoadedWhenNear(() => import("./live-labs.js").then((labs) => labs.WebhookLiveChecks()), {
    name: "The live receiver checks",
    show: (live) => live.lab
  });
