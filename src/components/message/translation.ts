/**
 * What "Translate to the other version" did: each change with where it was made and why, then
 * what could not be carried over, and whether the result is within the lab's size limit.
 * Everything is text from the request or from lib, set as text. A list, not a table: it sits in
 * the lab's narrow controls column. Alike changes are one line with their count (a request with
 * 30,000 parts has one "kind removed" line), and the list stops after LISTED_ITEMS lines.
 */
import {element} from "../runtime/dom.js";
import type {Translation, TranslationChange, TranslationSize, Untranslatable} from "../../../lib/message/translate.js";
import {groupChanges} from "../../../lib/message/translation-summary.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";

/** Lines listed in each list: the kinds of change, not the places, so rarely reached. */
const LISTED_ITEMS = 100;

const versionName = (version: string) => (version === "1.0" ? "A2A 1.0" : "A2A v0.3.0");
const where = (pointer: string) => element("code", {class: "translation-where"}, pointer || "(the request)");
const count = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;
const total = (items: readonly {count?: number}[]) => items.reduce((sum, item) => sum + (item.count ?? 1), 0);
/** "", or " (and 29,999 more places like it)" for a grouped item. */
const andMore = (item: {count?: number}) =>
  (item.count ?? 1) > 1 ? ` (and ${count(item.count! - 1, "more place")} like it)` : "";

/** Shown while the worker translates. */
export function TranslationPending(from: MessageVersion, to: MessageVersion): HTMLElement {
  return element(
    "p",
    {class: "translation-report translation-pending", role: "status"},
    `Translating from ${versionName(from)} to ${versionName(to)}…`
  );
}

export function TranslationReport(translation: Translation): HTMLElement {
  if (!translation.ok)
    return element(
      "p",
      {class: "translation-report translation-refused", role: "status"},
      `Not translated: ${translation.reason}`
    );
  const changes = groupChanges(translation.changes);
  const {untranslatable} = translation;
  const lostCount = total(untranslatable);
  const lost = lostCount > 0 ? `, ${count(lostCount, "thing")} not carried over` : "";
  return element(
    "details",
    {class: "translation-report", open: true},
    element(
      "summary",
      {role: "status"},
      `Translated from ${versionName(translation.from)} to ${versionName(translation.to)}: ${count(total(changes), "change")}${lost}. The editor holds the translation, sent with A2A-Version ${translation.to}.${sizeWords(translation.size)}`
    ),
    changes.length > 0
      ? element("ul", {class: "translation-changes", "aria-label": "What changed and why"}, listed(changes, changeItem))
      : null,
    untranslatable.length > 0
      ? element(
          "div",
          {class: "translation-lost"},
          element("p", null, element("strong", null, "Could not be carried over:")),
          element("ul", null, listed(untranslatable, lostItem))
        )
      : null
  );
}

/** Said in the summary only when the translation is over the limit: the lab will refuse it. */
function sizeWords(size: TranslationSize): string {
  if (!size.overLimit) return "";
  const bytes = (n: number) => `${n.toLocaleString("en-US")} bytes`;
  const oneLine =
    size.oneLineBytes === null
      ? ""
      : size.oneLineBytes <= size.limit
        ? ` Written on one line it would be ${bytes(size.oneLineBytes)}, within the limit.`
        : ` Even on one line it would be ${bytes(size.oneLineBytes)}.`;
  return ` But it is ${bytes(size.bytes)} of UTF-8, over the size limit of ${bytes(size.limit)}: the lab refuses it unparsed (-32000).${oneLine}`;
}

function changeItem(change: TranslationChange): HTMLElement {
  return element(
    "li",
    null,
    where(change.pointer),
    andMore(change),
    ": ",
    element("code", null, change.from),
    " → ",
    element("code", null, change.to),
    element("span", {class: "translation-why"}, change.why)
  );
}

function lostItem(item: Untranslatable): HTMLElement {
  return element(
    "li",
    null,
    where(item.pointer),
    andMore(item),
    `: ${item.what}`,
    element("span", {class: "translation-why"}, item.why)
  );
}

/** The first LISTED_ITEMS items, then a line saying how many are left out. */
function listed<T>(items: readonly T[], draw: (item: T) => HTMLElement): HTMLElement[] {
  const shown = items.slice(0, LISTED_ITEMS).map(draw);
  if (items.length > LISTED_ITEMS)
    shown.push(
      element("li", {class: "translation-more"}, `… ${count(items.length - LISTED_ITEMS, "more kind")} not listed.`)
    );
  return shown;
}
