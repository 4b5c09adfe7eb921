/**
 * "Translate to …": rewrites the editor's text for the other version (lib's translateRequest, in
 * a worker when the page gives one, ./translation-runner.ts), switches the version to it, and
 * lists what changed and why (./translation.ts) until the text is edited or the reader switches
 * the version by hand.
 */
import type {MessageVersion} from "../../../lib/shared/message-version.js";
import {element, writeText} from "../runtime/dom.js";
import {TranslationPending, TranslationReport} from "./translation.js";
import {TranslationRunner} from "./translation-runner.js";
import type {VersionSwitchElement} from "./version-switch.js";

/** What the translation asks of the editor it works in. */
export interface TranslatedEditor {
  versionInput: VersionSwitchElement;
  /** The request text as the box holds it now, even where a large request's check waits for a pause. */
  currentText(): string;
  /** Edits and example choices so far: a translation applies only to the text it was asked for. */
  edits(): number;
  /** The page counts as having redraws pending while a translation runs. */
  working(busy: boolean): void;
  /** Puts the translated text in the box; returns the request text as the box now holds it. */
  replaceText(text: string): string;
  /** After the translated text and its version are in: the editor announces its new text. */
  changed(): void;
  /** The reader switched the version by hand. */
  versionSwitched(): void;
}

export interface TranslateControl {
  button: HTMLButtonElement;
  /** Where the translation's report is shown. */
  report: HTMLElement;
  /** The editor's text is now `text`: the report stays only while it is the text translated. */
  textChanged(text: string): void;
}

const otherVersion = (version: MessageVersion): MessageVersion => (version === "0.3" ? "1.0" : "0.3");

export function TranslateControl(workerUrl: string | null, editor: TranslatedEditor): TranslateControl {
  const translator = TranslationRunner(workerUrl);
  const button = element("button", {type: "button", class: "translate-request"});
  const report = element("div", {class: "translation-area"});
  /** The text a translation put in the editor: its report stays while the text is that. */
  let translatedText: string | null = null;
  /** True while a translation switches the version itself (its report stays). */
  let translating = false;
  const forget = () => {
    translatedText = null;
    report.replaceChildren();
  };

  /** Replaces the text with the request written for the other version (off the main thread), and sends it with that version. */
  async function translate() {
    const text = editor.currentText();
    const from = editor.versionInput.value;
    const to = otherVersion(from);
    const asked = editor.edits();
    button.disabled = true;
    report.replaceChildren(TranslationPending(from, to));
    editor.working(true);
    const result = await translator.translate(text, from, to);
    button.disabled = false;
    editor.working(false);
    // The reader edited, chose an example or switched the version meanwhile: the answer is for a text no longer there.
    if (editor.edits() !== asked || editor.versionInput.value !== from) return void report.replaceChildren();
    report.replaceChildren(TranslationReport(result));
    if (!result.ok) return;
    translatedText = editor.replaceText(result.text);
    translating = true;
    editor.versionInput.choose(result.to);
    translating = false;
    editor.changed();
  }

  const showVersion = () => writeText(button, `Translate to ${otherVersion(editor.versionInput.value)}`);
  editor.versionInput.addEventListener("input", () => {
    showVersion();
    // A report that says which version the text is sent with is stale once the reader switches by hand.
    if (translating) return;
    forget();
    editor.versionSwitched();
  });
  button.addEventListener("click", () => void translate());
  showVersion();
  return {
    button,
    report,
    textChanged(text) {
      if (translatedText !== null && text !== translatedText) forget();
    }
  };
}
