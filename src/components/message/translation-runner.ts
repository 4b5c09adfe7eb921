/**
 * Runs "Translate to …" in lesson 2's worker (bundles/message-translate.js), so a request near
 * the size limit is parsed and rewritten while the page keeps answering. Without a worker URL,
 * or once the worker fails to start, it translates on the page instead (tests, old browsers).
 */
import type {Translation} from "../../../lib/message/translate.js";
import type {TranslationAnswer} from "../../../lib/message/translate-protocol.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";

export interface TranslationRunner {
  /** The translation of `text`, summarized (alike changes counted once). */
  translate(text: string, from: MessageVersion, to: MessageVersion): Promise<Translation>;
}

// On the page only when the worker cannot run: the translator loads then, not with the lesson.
const onPage = (text: string, from: MessageVersion, to: MessageVersion): Promise<Translation> =>
  Promise.all([
    import("../../../lib/message/translate.js"),
    import("../../../lib/message/translation-summary.js")
  ]).then(([{translateRequest}, {summarizeTranslation}]) => summarizeTranslation(translateRequest(text, from, to)));

export function TranslationRunner(workerUrl: string | null): TranslationRunner {
  let worker: Worker | null = null;
  let failed = workerUrl === null || typeof Worker === "undefined";
  let lastId = 0;
  const waiting = new Map<number, {resolve: (translation: Translation) => void; retry: () => void}>();

  function start(): Worker | null {
    if (failed) return null;
    try {
      worker ??= new Worker(workerUrl!);
    } catch {
      failed = true;
      return null;
    }
    worker.onmessage = ({data}: MessageEvent<TranslationAnswer>) => {
      waiting.get(data.id)?.resolve(data.translation);
      waiting.delete(data.id);
    };
    // A worker that cannot load (a blocked script, no Worker in this context): translate on the page, once.
    worker.onerror = (event) => {
      event.preventDefault();
      failed = true;
      worker?.terminate();
      worker = null;
      for (const ask of waiting.values()) ask.retry();
      waiting.clear();
    };
    return worker;
  }

  return {
    translate(text, from, to) {
      const running = start();
      if (running === null) return Promise.resolve(onPage(text, from, to));
      const id = ++lastId;
      return new Promise((resolve) => {
        waiting.set(id, {resolve, retry: () => resolve(onPage(text, from, to))});
        running.postMessage({id, text, from, to});
      });
    }
  };
}
