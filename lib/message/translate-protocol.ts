/** What the page and lesson 2's translation worker (src/workers/message-translate.ts) say to each other. */
import type {Translation} from "./translate.js";
import type {MessageVersion} from "../shared/message-version.js";

export interface TranslationAsk {
  id: number;
  text: string;
  from: MessageVersion;
  to: MessageVersion;
}

export interface TranslationAnswer {
  id: number;
  /** Summarized (summarizeTranslation): alike changes and losses counted once. */
  translation: Translation;
}
