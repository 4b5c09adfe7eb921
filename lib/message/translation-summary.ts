/**
 * A translation as a report shows it: alike changes and losses counted once. Apart from the
 * translator (translate.ts), so a page draws a report without loading the translator.
 */
import type {Translation, TranslationChange} from "./translate.js";

/**
 * Each kind of item once, at its first place, counted: a request with 30,000 parts makes 30,000
 * alike "kind removed" changes, which a reader reads as one line, and a page need not carry
 * (from a worker) or draw each.
 */
function grouped<T extends {count?: number}>(items: readonly T[], key: (item: T) => string): T[] {
  const groups = new Map<string, T>();
  for (const item of items) {
    const at = key(item);
    const group = groups.get(at);
    if (group) group.count = (group.count ?? 1) + (item.count ?? 1);
    else groups.set(at, {...item, count: item.count ?? 1});
  }
  return [...groups.values()];
}

/** The changes, alike ones (the same from, to and why) as one counted change. */
export function groupChanges(changes: readonly TranslationChange[]): TranslationChange[] {
  return grouped(changes, (change) => `${change.from}\u0000${change.to}\u0000${change.why}`);
}

/** The translation with alike changes and alike losses grouped: what a report shows, and all a page needs. */
export function summarizeTranslation(translation: Translation): Translation {
  if (!translation.ok) return translation;
  return {
    ...translation,
    changes: groupChanges(translation.changes),
    untranslatable: grouped(translation.untranslatable, (item) => `${item.what}\u0000${item.why}`)
  };
}
