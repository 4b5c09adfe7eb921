/**
 * Plot, loaded the first time a chart needs it instead of with the page. The charts a lesson's
 * lab shows at load are drawn by hand; Plot draws only charts further down. Plot with its d3
 * modules is about 87 KB gzip, the larger part of a lesson's script: loaded up front it held
 * the first paint back by about 0.4 s on Lighthouse's slow 4G.
 *
 * A chart that needs Plot calls `loadedPlot()`: Plot itself once it is here; until then the
 * call starts the load and throws PlotNotLoaded, which LiveView catches: it keeps what it shows
 * (a short placeholder the first time) and builds the view again once Plot has arrived.
 */
type PlotModule = typeof import("./plot-marks.js");

let plot: PlotModule | null = null;
let loading: Promise<PlotModule> | null = null;

export class PlotNotLoaded extends Error {
  constructor(readonly loaded: Promise<unknown>) {
    super("Plot is still loading");
    this.name = "PlotNotLoaded";
  }
}

/** Loads Plot once; a failed load (the network) is tried again on the next call. */
export function loadPlot(): Promise<PlotModule> {
  loading ??= import("./plot-marks.js").then(
    (module) => (plot = module),
    (reason: unknown) => {
      loading = null;
      throw reason;
    }
  );
  return loading;
}

/** Plot, or PlotNotLoaded thrown while it loads. */
export function loadedPlot(): PlotModule {
  if (plot !== null) return plot;
  throw new PlotNotLoaded(loadPlot());
}
