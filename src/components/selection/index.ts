// The agent selection lesson's charts, tables and inspector.
export {CandidatesByStage, stageRemovalLabel} from "./candidates-chart.js";
export {RemovalTable} from "./removal-table.js";
export {RankingBreakdown} from "./ranking-chart.js";
export {ScoreFormula, ScoreTable} from "./score-table.js";
export {SelectionOutcome} from "./outcome.js";
export {AgentInspector, AgentPicker, GateMatrix} from "./agent-inspector.js";
export {pinnedSelection, SelectionLessonPage} from "./lesson-page.js";
