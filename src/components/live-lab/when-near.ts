/**
 * Lesson 1's live lab as the page places it: loaded when the reader comes near (runtime/loaded-when-near.ts),
 * since most readers of a lesson never connect a receiver and the lab brings lesson 4's receiver
 * pipeline (and jose) with it. Lesson 4's live checks load with that lesson's later parts
 * (webhook-auth/when-near.ts).
 */
import {LoadedWhenNear} from "../runtime/loaded-when-near.js";

export const DeliveryLiveLabWhenNear = () =>
  LoadedWhenNear(() => import("./live-labs.js").then((labs) => labs.DeliveryLiveLab()), {
    name: "The live lab",
    show: (live) => live.lab
  });
