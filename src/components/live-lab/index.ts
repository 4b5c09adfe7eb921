// Lesson 1's live lab, loaded when the reader comes near it (when-near.ts): the page bundle holds only this.
export {DeliveryLiveLabWhenNear} from "./when-near.js";
