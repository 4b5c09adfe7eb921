/**
 * Plot, loaded the first time a chart needs it instead of with the page. The charts a lesson's
 * lab shows at load are drawn by hand; Plot draws only charts further down. Plot with its d3
 * modules is about 87 KB gzip, the larger part of a lesson's script: loaded up front it held
 * the first paint back by about 0.4 s on Lighthouse's slow 4G.
 *
 * A chart that needs Plot calls `loadedPlot()`: Plot itself once it is here; until then the
 * call starts the load and throws PlotNotLoaded (on-demand.ts's ModuleNotLoaded), which LiveView catches: it keeps what it shows
 * (a short placeholder the first time) and builds the view again once Plot has arrived.
 */
import {ModuleNotLoaded, onDemand} from "./on-demand.js";

type PlotModule = typeof import("./plot-marks.js");

/** What a chart waiting for Plot throws (the on-demand module's error, by its old name). */
export {ModuleNotLoaded as PlotNotLoaded};

const plot = onDemand<PlotModule>(
  () => import("./plot-marks.js"),
  "Drawing the chart…",
  (reason) => `The chart could not be drawn: its charting library did not load (${String(reason)}). Reload the page to try again.`
);

/** Loads Plot once; a failed load (the network) is tried again on the next call. */
export function loadPlot(): Promise<PlotModule> {
  return plot.load();
}

/** Plot, or PlotNotLoaded thrown while it loads. */
export function loadedPlot(): PlotModule {
  return plot.loaded();
}
