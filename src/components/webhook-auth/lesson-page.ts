/**
 * Lesson 4's page wiring: the panel, the six section labs and the places it builds once, and
 * what each cell of the page asks of it. The page's cells only name these; every view is drawn
 * through a ViewSlot, whose arguments are what it reads (runtime/view-slot.ts), and every part
 * of a run is remembered by what it read (rememberingWebhookLesson), so an input redraws only the
 * views of the parts it changed.
 */
import type {FieldValues} from "../../../lib/lesson-inputs/fields.js";
import {remembered} from "../../../lib/shared/remembered.js";
import {DEMO_NOW_SECONDS} from "../../../lib/webhook-auth/fixtures.js";
import {rememberingV1aDemo, type V1aDemo} from "../../../lib/webhook-auth/standard-webhooks/v1a-demo.js";
import {
  rememberingWebhookLesson,
  rememberingWebhookTampering,
  runWebhookLesson,
  webhookLessonDefaults,
  webhookLessonFields,
  webhookLessonGroups,
  webhookRunLabel,
  type WebhookLessonRun
} from "../../../lib/webhook-auth/lesson.js";
import {
  SIGNATURE_SLIDE_VIEW,
  webhookExperiments,
  type WebhookExperiment,
  type WebhookExperimentSection
} from "../../../lib/webhook-auth/experiments.js";
import {signedBodyShape} from "../../../lib/webhook-auth/standard-webhooks/signed-body.js";
import {webhookRunScript} from "../../../lib/webhook-auth/run-script.js";
import {webhookRunTables} from "../../../lib/webhook-auth/run-tables.js";
import type {ReconcileComparison} from "../../../lib/webhook-auth/pipeline/reconcile.js";
import type {SignatureDebugResult} from "../../../lib/webhook-auth/standard-webhooks/signature-debugger.js";
import type {TamperingReport} from "../../../lib/webhook-auth/standard-webhooks/tampering.js";
import type {Decision} from "../../../lib/playback/decision.js";
import {AnswersAtSize, HtmlAtSize, type ChartSize} from "../chart/chart-at-size.js";
import {ComparedChart, compareRuns, type ComparedNames} from "../chart/compared-chart.js";
import {ComparedExportable} from "../export/compared-exportable.js";
import type {TypeScale} from "../chart/type-scale.js";
import {ControlPanel, type ControlPanelElement} from "../controls/control-panel.js";
import {PlaybackControl, type PlaybackValue} from "../controls/playback-control.js";
import {followedRun, ReadRunChoice, type ReadRun} from "../controls/read-run-choice.js";
import {DecisionTrace, TraceView} from "../decision-trace.js";
import {ExportedRun} from "../export/exported-run.js";
import {Lab, type LabElement} from "../lab.js";
import {carryVersionInLinks} from "../links/course-links.js";
import {InputNotices} from "../links/input-notices.js";
import {CopyAsScript} from "../notebook/copy-as-script.js";
import {ExploreThisRun, type LessonPageFiles} from "../notebook/explore-run.js";
import {onDemand} from "../runtime/on-demand.js";
import {ViewSlot, type ViewSlotElement} from "../runtime/view-slot.js";
import {PanelExperimentList} from "../tour/experiment-list.js";
import {GuidedTour, panelTourOptions} from "../tour/guided-tour.js";
import type {DemoKeyMaterial} from "./demo-secrets.js";
import {HorizonSummary} from "./horizon-summary.js";
import {JwtChecks, JwtDelivery, JwtVerdict} from "./jwt-lab.js";
import {RaceChart} from "./race-chart.js";
import {RaceCountsTable, RaceSelectionSummary} from "./race-steps.js";
import {ReconcileLanes} from "./reconcile-lanes.js";
import {RotationOutcome} from "./rotation-outcome.js";
import {DebuggerVerdicts, MistakeTable, SignatureDebugger, SignatureSlide} from "./signature-debugger.js";
import {SignedBodyView} from "./signed-body.js";
import {webhookStarterCells} from "./starter-cells.js";
import {TamperingResults} from "./tampering-results.js";
import {TimestampWindowChart} from "./timestamp-window.js";
import {V1aDemoView} from "./v1a-demo.js";

type Run = WebhookLessonRun;

/** The widths of the labs' stages a chart is drawn at. */
export interface WebhookLabWidths {
  debugger: number;
  horizon: number;
  race: number;
  rotation: number;
}

/** The pinned run of a comparison (null when none), signed with the page's keys. */
export function pinnedWebhookRun(pinned: FieldValues | null, keys: DemoKeyMaterial): Promise<Run> | null {
  return pinned === null ? null : runWebhookLesson(pinned, keys);
}

/** Where the lesson's views are drawn: one place each, placed by the page or in a lab. */
function webhookPlaces() {
  const names = [
    "inputNotices",
    "signedBody",
    "debuggerVerdicts",
    "timestampWindow",
    "signatureDebugger",
    "mistakeTable",
    "v1aDemo",
    "tamperingResults",
    "horizonChart",
    "horizonSummary",
    "raceChart",
    "raceCounts",
    "raceSelection",
    "reconcileLanes",
    "jwtVerdict",
    "jwtChecks",
    "jwtDelivery",
    "rotationChart",
    "rotationOutcome"
  ] as const;
  return Object.fromEntries(names.map((name) => [name, ViewSlot()])) as Record<(typeof names)[number], ViewSlotElement>;
}

/**
 * Each section's lab, by section: the guided lesson's card moves to the lab of its step. "Copy as
 * script" sits in the first lab's controls, whose figures the script prints.
 */
function webhookLabs(
  panel: ControlPanelElement<FieldValues>,
  places: ReturnType<typeof webhookPlaces>,
  {tour, copyAsScript}: {tour: Node; copyAsScript: Node}
) {
  const group = (name: keyof typeof webhookLessonGroups) => panel.group(webhookLessonGroups[name]);
  const lab = (label: string, stage: Node[], section: WebhookExperimentSection, figures?: Node) =>
    Lab({label, ...(figures ? {figures} : {}), stage, controls: [group(section)]});
  return {
    debugger: Lab({
      label: "Signature debugger lab",
      figures: places.debuggerVerdicts,
      stage: [places.timestampWindow, places.signatureDebugger, places.mistakeTable],
      controls: [tour, copyAsScript, group("body"), group("debugger")]
    }),
    horizon: lab("Retention and retry horizon lab", [places.horizonChart, places.horizonSummary], "horizon"),
    race: lab("Race lab", [places.raceChart, places.raceCounts], "race"),
    reconcile: lab("Reconciliation lab", [places.reconcileLanes], "reconcile"),
    jwt: lab("JWT profile lab", [places.jwtChecks, places.jwtDelivery], "jwt", places.jwtVerdict),
    rotation: lab("Key rotation lab", [places.rotationChart, places.rotationOutcome], "rotation")
  } satisfies Record<WebhookExperimentSection, LabElement>;
}

/** Each section's experiments, listed under its lab. */
function webhookExperimentLists(
  panel: ControlPanelElement<FieldValues>,
  labs: Record<WebhookExperimentSection, LabElement>
) {
  const listFor = (section: WebhookExperimentSection) =>
    PanelExperimentList<Run, FieldValues>(
      webhookExperiments.filter((experiment) => experiment.section === section),
      panel,
      labs[section]
    );
  const sections = Object.keys(labs) as WebhookExperimentSection[];
  return Object.fromEntries(sections.map((section) => [section, listFor(section)])) as Record<
    WebhookExperimentSection,
    ReturnType<typeof listFor>
  >;
}

/** What the page builds once: its panel, places, labs, lists and what remembers the runs. */
function webhookPageParts(keys: DemoKeyMaterial, files: LessonPageFiles) {
  const panel: ControlPanelElement<FieldValues> = ControlPanel(webhookLessonFields, {
    defaults: webhookLessonDefaults as unknown as FieldValues,
    permalink: true,
    restoreLabel: "Lesson defaults",
    label: "Webhook authentication inputs",
    pinnable: true
  });
  const places = webhookPlaces();
  // Under the body input: which version's body is signed.
  panel.showInGroup(webhookLessonGroups.body, places.signedBody);
  const tour = GuidedTour<Run, FieldValues, WebhookExperiment>(webhookExperiments, {
    lesson: "webhook authentication",
    ...panelTourOptions(panel, webhookRunLabel),
    labFor: (step) => labs[step?.section ?? "debugger"]
  });
  // The script reproduces the panel's inputs as they are now, signed with this page's keys.
  const copyAsScript = CopyAsScript(() => webhookRunScript(panel.value, keys), "webhook authentication");
  const labs = webhookLabs(panel, places, {tour, copyAsScript});
  const readRunChoice = ReadRunChoice({legend: "Step through the interleaving of"});
  const playbackControl = PlaybackControl<Decision>([], {
    label: "the interleaving",
    clock: "stage",
    step: {name: "step", plural: "steps"}
  });
  return {
    keys,
    panel,
    places,
    tour,
    labs,
    experiments: webhookExperimentLists(panel, labs),
    explore: ExploreThisRun({
      lesson: "webhook authentication",
      frameScript: files.cellFrame,
      starters: webhookStarterCells
    }),
    copyAsScript,
    tablesOf: remembered(webhookRunTables),
    readRunChoice,
    playbackControl,
    trace: TraceView(),
    // What an export says it shows, read when the reader exports: the current run, or both.
    exportedRun: ExportedRun(),
    // Runs the lesson as runWebhookLesson does, handing back what an input did not change (rememberingWebhookLesson).
    runLesson: rememberingWebhookLesson(),
    // The v1a demo signs again only when its body or tolerance changes; section 2's six requests only when the
    // tolerance, the version or the keys change, in their own run, so section 1's lab does not wait for them.
    v1aDemoOf: rememberingV1aDemo(),
    tamperingOf: rememberingWebhookTampering()
  };
}

type WebhookPageParts = ReturnType<typeof webhookPageParts>;

/** `files`: the page's own FileAttachments (its cells' frame script). */
export function WebhookLessonPage(keys: DemoKeyMaterial, files: LessonPageFiles) {
  const page = webhookPageParts(keys, files);
  return {
    ...page,
    /** The run for the panel's inputs. */
    run: (inputs: FieldValues) => page.runLesson(inputs, keys),
    names: (lesson: Run, pinned: Run | null, inputs: FieldValues) => names(page, lesson, pinned, inputs),
    draw: (lesson: Run, pinned: Run | null, comparedNames: ComparedNames | null, widths: WebhookLabWidths) =>
      draw(page, lesson, pinned, comparedNames, widths),
    follow: (lesson: Run, pinned: Run | null, reading: ReadRun) => follow(page, lesson, pinned, reading),
    drawPlayback: (read: Run, playback: PlaybackValue<Decision>) =>
      page.trace.draw(DecisionTrace, playback.revealed, read.race.run.trace.length, {clock: "stage", step: "step"}),
    /** Section 1's v1a demo and section 2's tampering run: their own promises, drawn when they are here. */
    v1aDemo: (lesson: Run) => v1aDemo(page, lesson),
    tampering: (lesson: Run) => page.tamperingOf(lesson.inputs, keys),
    drawV1aDemo: (demo: V1aDemo) => page.places.v1aDemo.draw(V1aDemoView, demo),
    drawTampering: (report: TamperingReport | null) => page.places.tamperingResults.draw(TamperingResults, report)
  };
}

/** What the run and the pinned one are named, with everything a new run tells the page. */
function names(page: WebhookPageParts, lesson: Run, pinned: Run | null, inputs: FieldValues): ComparedNames | null {
  // The A2A version goes along to the other lessons.
  carryVersionInLinks(lesson.inputs.version);
  const comparison = compareRuns(webhookRunLabel(lesson.inputs), pinned && webhookRunLabel(pinned.inputs));
  page.exportedRun.update(comparison.run);
  for (const list of Object.values(page.experiments)) list.update(lesson);
  page.tour.update(lesson, inputs);
  page.explore.show(() => page.tablesOf(lesson), inputs);
  page.readRunChoice.offer(pinned !== null);
  page.places.inputNotices.draw(InputNotices, lesson.refused);
  return comparison.names;
}

/** The section labs' views, each chart compared with the pinned run's when there is one. */
function draw(
  {places, exportedRun}: WebhookPageParts,
  lesson: Run,
  pinned: Run | null,
  comparedNames: ComparedNames | null,
  widths: WebhookLabWidths
): void {
  const compared = <Part>(part: (run: Run) => Part, name: string, title: string) =>
    [
      part(lesson),
      pinned && part(pinned),
      comparedNames,
      {lesson: "webhook authentication", name, title, run: exportedRun.read}
    ] as const;
  places.signedBody.draw(SignedBodyView, signedBodyShape(lesson.inputs.body, lesson.inputs.version));
  places.debuggerVerdicts.draw(DebuggerVerdicts, lesson.debug);
  places.signatureDebugger.draw(signatureView, lesson.debug);
  places.mistakeTable.draw(MistakeTable, lesson.debug);
  const window = compared(windowOf, "timestamp window", "The request's timestamp against the receiver's window");
  places.timestampWindow.draw(ComparedExportable, timestampOf(widths.debugger), ...window);
  const horizon = compared(
    (run) => run.horizon.result,
    "retention vs retry horizon",
    "Retried deliveries of one event against the dedup record"
  );
  places.horizonChart.draw(ComparedExportable, horizonOf(widths.horizon), ...horizon);
  places.horizonSummary.draw(HorizonSummary, lesson.horizon);
  const races = compared((run) => run.races, "race", "Effects per interleaving of concurrent deliveries");
  places.raceChart.draw(ComparedExportable, raceOf(widths.race), ...races);
  places.raceCounts.draw(RaceCountsTable, lesson.races);
  places.reconcileLanes.draw(reconcileView, lesson.reconcile, pinned?.reconcile ?? null, comparedNames);
  places.jwtVerdict.draw(JwtVerdict, lesson.jwt);
  places.jwtChecks.draw(jwtChecksView, lesson.jwt);
  places.jwtDelivery.draw(JwtDelivery, lesson.jwt);
  const rotation = compared(
    (run) => run.rotation,
    "key rotation",
    "Deliveries across a signing-key rotation against the receiver's cached key set"
  );
  places.rotationChart.draw(ComparedExportable, rotationOf(widths.rotation), ...rotation);
  places.rotationOutcome.draw(RotationOutcome, lesson.rotation);
}

/** The run whose interleaving is stepped through; a new one starts its playback again. */
function follow({playbackControl, places}: WebhookPageParts, lesson: Run, pinned: Run | null, reading: ReadRun): Run {
  const read = followedRun(reading, lesson, pinned).run;
  playbackControl.reset(read.race.run.trace);
  places.raceSelection.draw(RaceSelectionSummary, read.race);
  return read;
}

function v1aDemo({keys, v1aDemoOf}: WebhookPageParts, lesson: Run): Promise<V1aDemo> {
  return v1aDemoOf({
    secretKey: keys.ed25519SecretKey,
    msgId: keys.eventId,
    timestamp: DEMO_NOW_SECONDS,
    body: lesson.inputs.body,
    nowSeconds: DEMO_NOW_SECONDS,
    toleranceSeconds: lesson.inputs.toleranceSeconds
  });
}

// The window of a run: the request's age on the receiver's clock is its clock skew.
const windowOf = (run: Run) => ({
  ageSeconds: run.inputs.clockSkewSeconds,
  toleranceSeconds: run.inputs.toleranceSeconds
});

/**
 * A chart of one part of a run that follows no playback: at the lab's width on the page, at a
 * slide's size when asked (ComparedExportable draws the pinned run beside it).
 */
function atWidth<Part>(chart: (part: Part, options: {width: number; type?: TypeScale}) => Element) {
  return remembered(
    (width: number) => (one: Part, _other: Part | null, _followed: boolean, size?: ChartSize) =>
      chart(one, size ?? {width})
  );
}

// The later sections' charts load on demand (./later.ts): a slot far down draws them in idle time, once they are here.
const laterCharts = onDemand(
  () => import("./later.js"),
  "Drawing the chart…",
  (reason) => `The chart could not load (${reason instanceof Error ? reason.message : String(reason)}).`
);

const timestampOf = atWidth(TimestampWindowChart);
const horizonOf = atWidth<Run["horizon"]["result"]>((part, options) =>
  laterCharts.loaded().RetryHorizonChart(part, options)
);
const raceOf = atWidth(RaceChart);
const rotationOf = atWidth<Run["rotation"]>((part, options) => laterCharts.loaded().KeyRotationChart(part, options));

// A signature step's slide shows the signature's evidence (the class deck asks for it by name), laid out for the slide.
const signatureView = (debug: SignatureDebugResult) =>
  AnswersAtSize(
    SignatureDebugger(debug, {verdicts: false}),
    (size) => HtmlAtSize(SignatureSlide(debug), size),
    SIGNATURE_SLIDE_VIEW
  );

// Compared, the pinned run's receivers are shown above the current run's.
const reconcileView = (
  reconcile: ReconcileComparison,
  pinned: ReconcileComparison | null,
  names: ComparedNames | null
) => {
  const lanes = () => ComparedChart(ReconcileLanes(reconcile), pinned && ReconcileLanes(pinned), names);
  return AnswersAtSize(lanes(), (size) => HtmlAtSize(lanes(), size));
};

// The checks are what a slide of this lab shows, in slide type (the class deck asks through AnswersAtSize).
const jwtChecksView = (report: Run["jwt"]) =>
  AnswersAtSize(JwtChecks(report), (size) => HtmlAtSize(JwtChecks(report, {slide: true}), size));
