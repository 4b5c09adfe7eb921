/**
 * A link is the page's state: for a sample of every lesson's inputs, the page changed by hand (as
 * a reader does, through the control) draws what a fresh load of the link it then writes draws:
 * every chart's SVG, the lab's key figures and every control's value (tables and inspectors are
 * not compared). A view an input did
 * not redraw, or a part remembered past a change of what it reads, would show here as a difference.
 */
import type {Page} from "playwright-core";
import {describe, expect, it} from "vitest";
import {deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import type {FieldSpec, FieldValues} from "../../lib/lesson-inputs/fields.js";
import {MESSAGE_EXAMPLES} from "../../lib/message/index.js";
import {selectionInputDefaults, selectionInputFields} from "../../lib/selection/index.js";
import {stormLessonDefaults, stormLessonFields} from "../../lib/storm/index.js";
import {webhookLessonDefaults, webhookLessonFields} from "../../lib/webhook-auth/index.js";
import {useBuiltSite, waitUntilSettled} from "./browser.js";
import {change} from "./change-input.js";

const site = useBuiltSite();

/** Per lesson: its field table, defaults and a sample of inputs (a slider, a switch, a choice, text). */
const SAMPLES: [string, readonly FieldSpec[], FieldValues, string[]][] = [
  [
    "push-delivery",
    deliveryInputFields,
    deliveryInputDefaults as unknown as FieldValues,
    ["receiverUnavailableUntilSeconds", "ignoreSeenEventIds", "sender", "updates"]
  ],
  [
    "agent-selection",
    selectionInputFields,
    selectionInputDefaults,
    ["latencyWeight", "requireStreaming", "requiredSkillId", "costBudgetCents"]
  ],
  [
    "webhook-authentication",
    webhookLessonFields,
    webhookLessonDefaults as unknown as FieldValues,
    ["toleranceSeconds", "reserializedBody", "raceStrategy", "rotationOverlapSeconds", "jwtMistake"]
  ],
  ["retry-storms", stormLessonFields, stormLessonDefaults as unknown as FieldValues, ["capMs", "strategy", "senders"]]
];

/**
 * What the page draws: each chart's SVG (attributes in name order; ids numbered by order within it,
 * since a page counts the ids it hands out), the lab's figures, and the value of every control of the lesson's panels.
 * Lesson 4's figures name this load's fresh keys, so its charts and controls are compared.
 */
function drawing(page: Page, withFigures: boolean) {
  return page.evaluate((figures) => {
    // Attributes in name order: a morphed drawing may hold the same attributes in another order.
    const canonical = (node: Node): string => {
      if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? "";
      if (!(node instanceof Element)) return "";
      const attributes = [...node.attributes].map(({name, value}) => `${name}="${value}"`).sort();
      return `<${node.localName} ${attributes.join(" ")}>${[...node.childNodes].map(canonical).join("")}</${node.localName}>`;
    };
    const renumbered = (svg: Element) => {
      const ids = new Map<string, string>();
      let text = canonical(svg);
      for (const match of text.matchAll(/\bid="([^"]+)"/g)) ids.set(match[1]!, `id${ids.size}`);
      for (const [id, numbered] of ids) text = text.replaceAll(id, numbered);
      return text;
    };
    const main = document.querySelector("main")!;
    return {
      charts: [...main.querySelectorAll("svg.chart")].map(renumbered),
      figures: figures ? [...main.querySelectorAll(".lab-figures")].map((node) => node.textContent) : [],
      controls: [
        ...main.querySelectorAll<HTMLInputElement>(
          ".control-panel input, .control-panel select, .control-panel textarea"
        )
      ]
        .filter((control) => !control.closest(".live-lab, [aria-label^='Live']"))
        .map(
          (control) =>
            `${control.id.replace(/^panel\d+-/, "")}=${control.type === "checkbox" ? control.checked : control.value}`
        )
    };
  }, withFigures);
}

async function expectLinkDrawsTheSame(path: string, act: (page: Page) => Promise<void>, changed: string) {
  const watched = await site.open(path);
  await act(watched.page);
  await expect
    .poll(() => new URL(watched.page.url()).search, {message: `${path}: ${changed} reached the link`})
    .toContain(changed);
  await waitUntilSettled(watched.page);
  const link = watched.page.url();
  const byHand = await drawing(watched.page, path !== "webhook-authentication");
  const fresh = await site.open(link.slice(link.indexOf(path)));
  await waitUntilSettled(fresh.page);
  const fromLink = await drawing(fresh.page, path !== "webhook-authentication");
  expect(byHand.charts.length, `${path}: charts drawn`).toBeGreaterThan(0);
  expect({changed, ...fromLink}).toEqual({changed, ...byHand});
}

describe.each(SAMPLES)("%s: a changed input draws what its link draws", (path, fields, defaults, sample) => {
  it.each(sample)("%s", async (name) => {
    const field = fields.find((one) => one.name === name)!;
    await expectLinkDrawsTheSame(path, (page) => change(page, field, defaults), name);
  });
});

describe("message-transaction: a chosen example draws what its link draws", () => {
  it.each(MESSAGE_EXAMPLES.slice(1, 4).map((example) => example.id))("%s", async (id) => {
    await expectLinkDrawsTheSame(
      "message-transaction",
      (page) =>
        page
          .locator("select[id$=-example]")
          .selectOption(id)
          .then(() => undefined),
      "example="
    );
  });
});
