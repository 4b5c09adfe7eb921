// Lesson 5's views: plain functions that return DOM nodes.
export {LoadChart} from "./load-chart.js";
export {DeliveredChart} from "./delivered-chart.js";
export {CompletionChart} from "./completion-chart.js";
export {WorkChart} from "./work-chart.js";
export {StrategyFormulas} from "./strategy-formulas.js";
export {AwsReproduction} from "./aws-reproduction.js";
export {StormLessonPage} from "./lesson-page.js";
