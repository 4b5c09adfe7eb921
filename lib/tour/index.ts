export * from "./prediction.js";
export * from "./step.js";
export * from "./position.js";
export * from "./record.js";
export * from "./stored-record.js";
export * from "./stored-text.js";
export * from "./speaker-message.js";
