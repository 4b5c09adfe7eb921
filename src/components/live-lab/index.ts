// The live labs, each loaded when the reader comes near it (when-near.ts): the page bundle holds only these.
export {DeliveryLiveLabWhenNear, WebhookLiveChecksWhenNear} from "./when-near.js";
