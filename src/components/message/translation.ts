/**
 * What "Translate to the other version" did: each change with where it was made and why, then
 * what could not be carried over. Everything is text from the request or from lib, set as text.
 * A list, not a table: it sits in the lab's narrow controls column.
 */
import {element} from "../dom.js";
import type {MessageTranslation} from "../../../lib/message/index.js";

const versionName = (version: string) => (version === "1.0" ? "A2A 1.0" : "A2A v0.3.0");
const where = (pointer: string) => element("code", {class: "translation-where"}, pointer || "(the request)");

export function TranslationReport(translation: MessageTranslation): HTMLElement {
  if (!translation.ok) return element("p", {class: "translation-report translation-refused", role: "status"}, `Not translated: ${translation.reason}`);
  const {changes, untranslatable} = translation;
  const lost = untranslatable.length > 0 ? `, ${untranslatable.length} thing${untranslatable.length === 1 ? "" : "s"} not carried over` : "";
  return element(
    "details",
    {class: "translation-report", open: true},
    element("summary", {role: "status"}, `Translated from ${versionName(translation.from)} to ${versionName(translation.to)}: ${changes.length} change${changes.length === 1 ? "" : "s"}${lost}. The editor holds the translation, sent with A2A-Version ${translation.to}.`),
    changes.length > 0
      ? element(
          "ul",
          {class: "translation-changes", "aria-label": "What changed and why"},
          changes.map((change) => element("li", null, where(change.pointer), ": ", element("code", null, change.from), " → ", element("code", null, change.to), element("span", {class: "translation-why"}, change.why)))
        )
      : null,
    untranslatable.length > 0
      ? element(
          "div",
          {class: "translation-lost"},
          element("p", null, element("strong", null, "Could not be carried over:")),
          element("ul", null, untranslatable.map((item) => element("li", null, where(item.pointer), `: ${item.what}`, element("span", {class: "translation-why"}, item.why))))
        )
      : null
  );
}
