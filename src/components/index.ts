// View pieces shared by every lesson page: plain functions that return DOM nodes.
export {ControlPanel, PermalinkNotices, type ControlPanelElement} from "./controls/control-panel.js";
export {DecisionTrace, showNewestDecision, TraceView} from "./decision-trace.js";
export {ExportableChart} from "./export/export-buttons.js";
export {ExportedRun} from "./export/exported-run.js";
export {
  PlaybackControl,
  playbackFor,
  type PlaybackControlElement,
  type PlaybackValue
} from "./controls/playback-control.js";
export {exportFileName, standaloneSvg} from "./export/standalone-svg.js";
export {ExperimentList, type Experiment, type ExperimentListElement} from "./tour/experiment-list.js";
export {ViewSlot, type ViewSlotElement} from "./runtime/view-slot.js";
export {InputNotices} from "./links/input-notices.js";
export {ScrollRegion} from "./runtime/scroll-region.js";
export {scrollToTopOfScreen} from "./runtime/scroll-into-view.js";
export {expectNear} from "./runtime/offscreen-redraws.js";
export {
  ComparedChart,
  ComparedExportable,
  compareRuns,
  drawnAtSize,
  type ComparedExportOptions,
  type ComparedNames,
  type Comparison
} from "./chart/compared-chart.js";
export {Lab, type LabElement, type LabOptions} from "./lab.js";
export {inputValue, inputValues, widthOf} from "./runtime/observe.js";
export {GuidedTour, panelTourOptions, type GuidedTourElement, type GuidedTourOptions} from "./tour/guided-tour.js";
export {followedRun, ReadRunChoice, type ReadRun, type ReadRunChoiceElement} from "./controls/read-run-choice.js";
export {carryVersionInLinks} from "./links/course-links.js";
export {announceLinkNotice} from "./links/link-notice-banner.js";
export {AnswersAtSize, HtmlAtSize, drawChartAtSize, type ChartSize, type DrawAtSize} from "./chart/chart-at-size.js";
export {heightToAsk} from "./chart/type-scale.js";
