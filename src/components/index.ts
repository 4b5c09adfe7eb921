// View pieces shared by every lesson page: plain functions that return DOM nodes.
export {ControlPanel, PermalinkNotices, type ControlPanelElement} from "./control-panel.js";
export {DecisionTrace, showNewestDecision, TraceView} from "./decision-trace.js";
export {ExportableChart} from "./export-buttons.js";
export {PlaybackControl, playbackFor, type PlaybackControlElement, type PlaybackValue} from "./playback-control.js";
export {exportFileName, standaloneSvg} from "./standalone-svg.js";
export {ExperimentList, type Experiment, type ExperimentListElement} from "./experiment-list.js";
export {LiveView, type LiveViewElement} from "./live-view.js";
export {InputNotices} from "./input-notices.js";
export {ScrollRegion} from "./scroll-region.js";
export {scrollToTopOfScreen} from "./scroll-into-view.js";
export {expectNear} from "./offscreen-redraws.js";
export {ComparedChart, ComparedExportable, compareRuns, type ComparedExportOptions, type ComparedNames, type Comparison} from "./compared-chart.js";
export {Lab, type LabElement, type LabOptions} from "./lab.js";
export {valueOf, valuesOf, widthOf} from "./observe.js";
export {GuidedTour, panelTourOptions, type GuidedTourElement, type GuidedTourOptions} from "./guided-tour.js";
export {followedRun, ReadRunChoice, type ReadRun, type ReadRunChoiceElement} from "./read-run-choice.js";
export {carryVersionInLinks} from "./course-links.js";
export {announceLinkNotice} from "./link-notice-banner.js";
