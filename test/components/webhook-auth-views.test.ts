/**
 * The webhook authentication lesson's text views, for the defaults and named experiments,
 * signed with Node's Web Crypto: what the page's readers (and its browser tests) look for is
 * there, user-visible values are text, and a ViewSlot morphs one run's views into the next.
 *
 * Node's environment with a jsdom document of its own, not vitest's jsdom environment: there,
 * lib's byte arrays come from jsdom's realm and Web Crypto refuses them.
 */
import {webcrypto} from "node:crypto";
import {describe, expect, it} from "vitest";
import {
  DEMO_NOW_SECONDS,
  findWebhookExperiment,
  runV1aDemo,
  runWebhookLesson,
  runWebhookTampering,
  webhookLessonDefaults,
  type WebhookLessonRun
} from "../../lib/webhook-auth/index.js";
import {ViewSlot} from "../../src/components/runtime/view-slot.js";
import {
  HorizonSummary,
  MistakeTable,
  RaceCountsTable,
  RaceSelectionSummary,
  ReconcileLanes,
  SignatureDebugger,
  TamperingResults,
  V1aDemoView,
  generateDemoKeyMaterial
} from "../../src/components/webhook-auth/index.js";

// jsdom ships no type declarations (a non-literal import is typed any); only its window is used.
const {JSDOM} = (await import("jsdom" as string)) as {
  JSDOM: new (html: string) => {window: Window & typeof globalThis};
};
const {window} = new JSDOM("<!doctype html><body></body>");
Object.assign(globalThis, {document: window.document, Node: window.Node, Element: window.Element});

const subtle = webcrypto.subtle as unknown as SubtleCrypto;
const keys = generateDemoKeyMaterial();

function lessonFor(experimentId: string | null): Promise<WebhookLessonRun> {
  const overrides = experimentId === null ? {} : findWebhookExperiment(experimentId)!.overrides;
  return runWebhookLesson({...webhookLessonDefaults, ...overrides}, keys, subtle);
}

async function renderAll(lesson: WebhookLessonRun): Promise<HTMLElement> {
  const root = document.createElement("main");
  root.append(
    SignatureDebugger(lesson.debug),
    MistakeTable(lesson.debug),
    TamperingResults(await runWebhookTampering(lesson.inputs, keys, subtle)),
    HorizonSummary(lesson.horizon),
    RaceCountsTable(lesson.races),
    RaceSelectionSummary(lesson.race),
    ReconcileLanes(lesson.reconcile)
  );
  return root;
}

describe("webhook authentication views", () => {
  it("render the defaults: the verdicts, the six tampering experiments and their checks", async () => {
    const root = await renderAll(await lessonFor(null));
    expect(root.textContent).not.toMatch(/undefined|NaN/);
    expect(root.querySelector(".debug-verdict")!.textContent).toContain("✓ accepts");
    expect(root.querySelectorAll(".signature-debugger pre")[1]!.textContent).toMatch(/webhook-id: msg_[0-9a-f]{32}/);
    expect(root.querySelectorAll(".tampering-experiment")).toHaveLength(6);
    expect(root.querySelectorAll(".tampering-experiment .verdict-bad")).toHaveLength(0);
    const byteChanged = root.querySelector('[data-tampering="byte-changed"]')!;
    expect(byteChanged.querySelectorAll(".check-fail")).toHaveLength(1);
    expect(byteChanged.querySelectorAll(".check-skipped")).toHaveLength(5);
    expect(root.querySelectorAll(".reconcile-table tfoot td").length).toBeGreaterThan(0);
  });

  it("say what an experiment shows", async () => {
    const reserialized = await renderAll(await lessonFor("reserialized-body"));
    expect(reserialized.querySelectorAll(".debug-verdict")[0]!.textContent).toContain("✗ refuses");
    expect(reserialized.querySelectorAll(".debug-verdict")[1]!.textContent).toContain("✓ accepts");
    expect(reserialized.querySelector(".debug-difference")!.textContent).toMatch(/first differ at byte \d+/);
    expect(
      (await renderAll(await lessonFor("spec-example-retention"))).querySelector(".horizon-summary")!.textContent
    ).toMatch(/slipped past dedup/);
    expect((await renderAll(await lessonFor("sdk-outage"))).querySelector(".horizon-summary")!.textContent).toContain(
      "update lost"
    );
  });

  it("label the generation receiver as a draft of an unreleased version, in its column head and cells", async () => {
    const table = ReconcileLanes((await lessonFor(null)).reconcile).querySelector(".reconcile-table")!;
    const heads = [...table.querySelectorAll("thead th")].map((th) => th.textContent);
    expect(heads).toHaveLength(5);
    expect(heads[4]).toBe("Generation order, GetTask on a gapA2A 1.1 draft, not released");
    expect(table.querySelectorAll("tbody td.reconcile-draft")).toHaveLength(table.querySelectorAll("tbody tr").length);
    expect(table.querySelector("tbody th small")!.textContent).toMatch(/; generation 3 \(draft\)$/);
    expect(
      [...table.querySelectorAll("tfoot td")].map((td) => td.textContent!.match(/(\d+) GetTask calls?/)?.[1])
    ).toEqual(["0", "0", "4", "1"]);
  });

  it("show the v1a demo, or why it cannot run", async () => {
    const demo = await runV1aDemo({
      secretKey: keys.ed25519SecretKey,
      msgId: keys.eventId,
      timestamp: DEMO_NOW_SECONDS,
      body: webhookLessonDefaults.body,
      nowSeconds: DEMO_NOW_SECONDS,
      subtle
    });
    expect(V1aDemoView(demo).textContent).toMatch(
      /Unchanged body: v1a signature entry 1 verifies|Not available in this browser/
    );
  });

  it("morph into the next run's views in place", async () => {
    const [before, after] = [await lessonFor(null), await lessonFor("reserialized-body")];
    const view = ViewSlot();
    view.show(SignatureDebugger(before.debug));
    const kept = view.querySelector(".signature-debugger");
    view.show(SignatureDebugger(after.debug));
    expect(view.querySelector(".signature-debugger")).toBe(kept);
    expect(view.innerHTML).toBe(LiveViewOf(SignatureDebugger(after.debug)).innerHTML);
  });
});

function LiveViewOf(node: Node): HTMLElement {
  const view = ViewSlot();
  view.show(node);
  return view;
}
