/**
 * The part of Plot the lessons draw with, as one module that plot-on-demand.ts loads: a dynamic
 * import of Plot itself keeps all of Plot (130 KB gzip), this keeps what these marks need (about 87 KB).
 * A chart that uses another mark adds it here.
 */
export {barX, dot, frame, line, plot, ruleX, stackX, text, tickX} from "@observablehq/plot";
