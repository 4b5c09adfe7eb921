export * from "./delivery.js";
export * from "./checks.js";
export * from "./report.js";
