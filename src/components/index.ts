// View pieces shared by every lesson page: plain functions that return DOM nodes.
export {ControlPanel, PermalinkNotices, type ControlPanelElement} from "./control-panel.js";
export {DecisionTrace} from "./decision-trace.js";
export {ExportableChart, ExportButtons} from "./export-buttons.js";
export {PlaybackControl, type PlaybackValue} from "./playback-control.js";
export {exportFileName, standaloneSvg} from "./standalone-svg.js";
export {ExperimentList, type Experiment} from "./experiment-list.js";
