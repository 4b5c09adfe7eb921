/**
 * The worked example of docs/authoring.md: lesson 1's deduplication alone, in a lab of its own.
 * Two inputs from lesson 1's field table, a run from lib, a chart compared with a pinned run and
 * exported, and one guided step. The guide quotes this file; test/docs/authoring.test.ts checks
 * the quote, type-checks the guide's page against it and draws its lab.
 */
import {deliveryInputFields, simulateDelivery, type DeliveryRun} from "../../../lib/delivery/index.js";
import {checkInputs} from "../../../lib/lesson-inputs/check.js";
import type {FieldValues} from "../../../lib/lesson-inputs/fields.js";
import {describeRun} from "../../../lib/lesson-inputs/run-label.js";
import {remembered} from "../../../lib/shared/remembered.js";
import type {TourStep} from "../../../lib/tour/step.js";
import type {ChartSize} from "../chart/chart-at-size.js";
import {compareRuns} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import {ControlPanel} from "../controls/control-panel.js";
import {AttemptSwimlane} from "../delivery/attempt-swimlane.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab} from "../lab.js";
import {ViewSlot} from "../runtime/view-slot.js";
import {GuidedTour, panelTourOptions} from "../tour/guided-tour.js";

// 1. The inputs: rows of a field table. Each row draws its control, checks a link's value and names a run.
export const DEDUP_FIELDS = deliveryInputFields.filter((field) =>
  ["loseFirstSuccessfulAck", "ignoreSeenEventIds"].includes(field.name)
);
export const DEDUP_DEFAULTS: FieldValues = {loseFirstSuccessfulAck: true, ignoreSeenEventIds: true};

// 2. A run from lib: whatever the values hold, each is checked by its row, then simulated.
export function dedupRun(values: Readonly<Record<string, unknown>>): DeliveryRun {
  return simulateDelivery(checkInputs(values, DEDUP_FIELDS, DEDUP_DEFAULTS).values);
}

const dedupRunLabel = (values: Readonly<Record<string, unknown>>) => describeRun(values, DEDUP_FIELDS, DEDUP_DEFAULTS);

// 3. A guided step: set the inputs, predict, then see the run answer.
export const DEDUP_STEPS: readonly (TourStep<DeliveryRun> & {overrides: FieldValues})[] = [
  {
    id: "dedup-off",
    title: "Deduplication off",
    overrides: {ignoreSeenEventIds: false},
    lookAt: "Each update's retry reaches a receiver that no longer recognises it.",
    prediction: {
      kind: "number",
      question: "Every first 2xx is lost. How many effects will the receiver apply for the four updates?",
      units: ["effect", "effects"],
      max: 20,
      answer: (run) => run.summary.effects
    },
    why: "Without the seen event ids, a retry of an update already applied is applied again.",
    shows: (run) => run.summary.effects > run.updates.length
  }
];

// 4. A chart, drawn at the lab's width or a slide's size; compared, the pinned run shares its axis.
export const dedupSwimlane = remembered(
  (width: number) => (one: DeliveryRun, other: DeliveryRun | null, _followed: boolean, size?: ChartSize) =>
    AttemptSwimlane(one, {width: size?.width ?? width, ...(size ? {type: size.type} : {}), alongside: other})
);

// 5. The page's parts, built once, and the one call its cells make on every change.
export function DedupLessonPage() {
  const panel = ControlPanel(DEDUP_FIELDS, {
    defaults: DEDUP_DEFAULTS,
    permalink: true,
    pinnable: true,
    label: "Dedup inputs"
  });
  const swimlane = ViewSlot();
  const exportedRun = ExportedRun();
  const tour = GuidedTour<DeliveryRun, FieldValues, (typeof DEDUP_STEPS)[number]>(DEDUP_STEPS, {
    lesson: "deduplication",
    ...panelTourOptions(panel, dedupRunLabel),
    labFor: () => lab
  });
  const lab = Lab({label: "Deduplication lab", stage: [swimlane], controls: [tour, panel.pinBar, panel]});
  // Each run remembered by its inputs: a new width or pin does not simulate the current run again.
  const [runOf, pinnedRunOf] = [remembered(dedupRun), remembered(dedupRun)];
  const draw = (inputs: FieldValues, pinned: FieldValues | null, width: number) => {
    const run = runOf(inputs);
    const comparison = compareRuns(dedupRunLabel(inputs), pinned && dedupRunLabel(pinned));
    exportedRun.update(comparison.run);
    tour.update(run, inputs);
    swimlane.draw(ComparedExportable, dedupSwimlane(width), run, pinned && pinnedRunOf(pinned), comparison.names, {
      lesson: "deduplication",
      name: "attempt swimlane",
      title: "Webhook attempts per update",
      run: exportedRun.read
    });
  };
  return {panel, lab, swimlane, draw};
}
