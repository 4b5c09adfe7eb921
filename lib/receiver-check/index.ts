export * from "./delivery.js";
export * from "./checks.js";
export * from "./report.js";
export * from "./report-file.js";
export * from "./example-report.js";
