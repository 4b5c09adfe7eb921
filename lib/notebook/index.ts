export * from "./cell-limits.js";
export * from "./cell-program.js";
export * from "./inspect.js";
export * from "./shared-cell.js";
export * from "./kept-cells.js";
export * from "./frame-messages.js";
