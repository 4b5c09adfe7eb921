/**
 * Lesson 2's worker: "Translate to …" off the page's main thread. Parsing and rewriting a request
 * near the size limit takes hundreds of milliseconds; here the page keeps answering meanwhile.
 * It answers with the translation summarized (alike changes counted once), so what crosses back
 * is the text and a short report, not one object per part.
 */
import {translateRequest} from "../../lib/message/translate.js";
import {summarizeTranslation} from "../../lib/message/translation-summary.js";
import type {TranslationAsk, TranslationAnswer} from "../../lib/message/translate-protocol.js";

const scope = globalThis as unknown as {
  onmessage: ((event: MessageEvent<TranslationAsk>) => void) | null;
  postMessage(message: TranslationAnswer): void;
};
scope.onmessage = ({data: {id, text, from, to}}) => {
  scope.postMessage({id, translation: summarizeTranslation(translateRequest(text, from, to))});
};
