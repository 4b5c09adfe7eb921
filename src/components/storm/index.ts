// Lesson 5's views: plain functions that return DOM nodes.
export {
  StormRunner,
  PROGRESS_AFTER_MS,
  type ChosenStorm,
  type StormResults,
  type StormRunnerElement
} from "./storm-runner.js";
export {LoadChart, type LoadPanel} from "./load-chart.js";
export {DeliveredChart, type DeliveredLine} from "./delivered-chart.js";
export {CompletionChart} from "./completion-chart.js";
export {StrategyTable, WorkChart} from "./work-chart.js";
export {StormFigures} from "./storm-figures.js";
export {STRATEGY_COLOURS} from "./palette.js";
export {StrategyFormulas} from "./strategy-formulas.js";
export {ChartPlaceholder} from "./chart-placeholder.js";
export {AwsReproduction} from "./aws-reproduction.js";
