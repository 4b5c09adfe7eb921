/**
 * The class deck as a lesson page holds it: its code (slides, speaker notes, the deck's keys)
 * loads the first time a teacher opens it, by its button or a link's present=, not with every
 * lesson; the deck opens once it is here.
 */
import type {TourStep} from "../../../lib/tour/step.js";
import {laterParts} from "../later/later-parts.js";
import type {ClassDeck, DeckHost} from "./class-deck.js";

export function ClassDeckOnDemand<Run, Step extends TourStep<Run>>(
  host: DeckHost<Run, Step>,
  returnFocusTo: () => HTMLElement | null
): ClassDeck {
  let deck: ClassDeck | null = null;
  const loaded = () => laterParts.load().then((module) => (deck ??= module.ClassDeck(host, returnFocusTo)));
  return {
    open(position, notices, order) {
      void loaded().then((ready) => ready.open(position, notices, order));
    },
    refresh() {
      deck?.refresh();
    }
  };
}
