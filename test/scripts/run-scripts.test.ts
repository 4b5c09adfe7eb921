/**
 * Each lesson's "Copy as script" text, written at the project root and run with Node: it must
 * print the lab's figures exactly as computed here from lib.
 */
import {execFile} from "node:child_process";
import {rmSync, writeFileSync} from "node:fs";
import {fileURLToPath} from "node:url";
import {promisify} from "node:util";
import {afterEach, describe, expect, it} from "vitest";
import {
  DEMO_OTHER_ENDPOINT_SECRET,
  DEMO_ROTATED_SECRET,
  defaultRegistry,
  deliveryConfigFromInputs,
  deliveryInputDefaults,
  deliveryRunScript,
  MESSAGE_EXAMPLES,
  messageRunScript,
  policyFromInputs,
  runMessageTransaction,
  runStormLesson,
  runWebhookLesson,
  selectAgent,
  selectionInputDefaults,
  selectionRunScript,
  simulateResolvedDelivery,
  STANDARD_WEBHOOKS_TEST_SECRET,
  stormLessonDefaults,
  stormRunScript,
  webhookLessonDefaults,
  webhookRunScript
} from "../../lib/index.js";
import type {FigureLine} from "../../src/components/chart/lab-figure.js";
import {deliveryFigureLines} from "../../src/components/delivery/lab-figures.js";
import {messageFigureLines} from "../../src/components/message/lab-figures.js";
import {selectionFigureLines} from "../../src/components/selection/lab-figures.js";
import {stormFigureLines} from "../../src/components/storm/lab-figures.js";
import {webhookFigureLines} from "../../src/components/webhook-auth/lab-figures.js";

const root = fileURLToPath(new URL("../../", import.meta.url));
const run = promisify(execFile);
const written: string[] = [];
let scriptCount = 0;

afterEach(() => {
  for (const file of written.splice(0)) rmSync(file, {force: true});
});

/** Writes the script at the root under a unique .run-script- name, runs it, and gives its output. */
async function stdoutOf(script: string): Promise<string> {
  const name = `.run-script-${process.pid}-${scriptCount++}.ts`;
  const path = `${root}${name}`;
  written.push(path);
  writeFileSync(path, script);
  const {stdout} = await run(process.execPath, ["--import", "tsx", name], {cwd: root, timeout: 20_000});
  return stdout;
}

const printed = (lines: FigureLine[]) => lines.map(({label, value}) => `${label}: ${value}\n`).join("");

const SECRETS = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  rotatedSecret: DEMO_ROTATED_SECRET,
  otherEndpointSecret: DEMO_OTHER_ENDPOINT_SECRET,
  eventId: "msg_test0001"
};

const deliveryFigures = (inputs: Record<string, unknown>) =>
  deliveryFigureLines(simulateResolvedDelivery(deliveryConfigFromInputs(inputs).config));
const selectionFigures = (inputs: Record<string, unknown>) =>
  selectionFigureLines(selectAgent(defaultRegistry, policyFromInputs(inputs).policy));
const stormFigures = (inputs: Record<string, unknown>) => stormFigureLines(runStormLesson(inputs).run);

describe("run scripts print the lab's figures", {timeout: 30_000}, () => {
  it.each([
    ["defaults", {}],
    ["no deduplication", {ignoreSeenEventIds: false}]
  ])("lesson 1, %s", async (_, change) => {
    const inputs = {...deliveryInputDefaults, ...change};
    const lines = deliveryFigures(inputs);
    expect(lines).toHaveLength(9);
    expect(await stdoutOf(deliveryRunScript(inputs))).toBe(printed(lines));
  });

  it.each([
    ["the first example", MESSAGE_EXAMPLES[0]!.requestText, "0.3"],
    ["unparseable text under 1.0", "{not json", "1.0"]
  ])("lesson 2, %s", async (_, requestText, version) => {
    const lines = messageFigureLines(runMessageTransaction(requestText, {version}));
    expect(await stdoutOf(messageRunScript(requestText, version))).toBe(printed(lines));
  });

  it.each([
    ["defaults", {}],
    ["no curator approval needed", {requireCuratorApproval: false}]
  ])("lesson 3, %s", async (_, change) => {
    const inputs = {...selectionInputDefaults, ...change};
    expect(await stdoutOf(selectionRunScript(inputs))).toBe(printed(selectionFigures(inputs)));
  });

  it.each([
    ["defaults", {}],
    ["a wrong secret", {wrongSecret: true}]
  ])("lesson 4, %s", async (_, change) => {
    const inputs = {...webhookLessonDefaults, ...change};
    const lines = webhookFigureLines(await runWebhookLesson(inputs, SECRETS));
    expect(lines).toHaveLength(2);
    expect(await stdoutOf(webhookRunScript(inputs, SECRETS))).toBe(printed(lines));
  });

  it.each([
    ["defaults", {}],
    ["another seed and full jitter", {seed: 7, strategy: "full"}]
  ])("lesson 5, %s", async (_, change) => {
    const inputs = {...stormLessonDefaults, ...change};
    expect(await stdoutOf(stormRunScript(inputs))).toBe(printed(stormFigures(inputs)));
  });
});

describe("a run script embeds the reader's text safely", {timeout: 30_000}, () => {
  it("keeps a value holding */, backticks, quotes, placeholders and line breaks inside its literal", async () => {
    // A template placeholder too, built so the test's own source holds none.
    const hostile = `x */ console.log("escaped"); /* \`${"$"}{process.exit(3)}\` ' " \\ \n\r\u2028 </script>`;
    const script = messageRunScript(hostile, "0.3");
    expect(script).toMatch(/^\/\/ Reproduces /);
    expect(script).toContain("npx tsx message-transaction-run.ts");
    const lines = messageFigureLines(runMessageTransaction(hostile, {version: "0.3"}));
    expect(await stdoutOf(script)).toBe(printed(lines));
  });

  it("keeps a hostile panel value inside the inputs literal too", async () => {
    const inputs = {...selectionInputDefaults, tenant: '"; process.exit(4); "`*/'};
    const script = selectionRunScript(inputs);
    expect(script).toContain(JSON.stringify(inputs.tenant));
    expect(await stdoutOf(script)).toBe(printed(selectionFigures(inputs)));
  });
});
