/**
 * The places where the pinned specifications disagree with themselves, each
 * with what the lab does and why (lib/message/spec-notes.ts says it; this only
 * shows it).
 */
import {element} from "../runtime/dom.js";
import type {SpecNote as MessageSpecNote} from "../../../lib/message/spec-notes.js";

export interface SpecNoteListOptions {
  /** Notes the current request touches: marked, and open. */
  touched?: ReadonlySet<string>;
}

export function SpecNoteList(notes: readonly MessageSpecNote[], {touched}: SpecNoteListOptions = {}): HTMLElement {
  if (notes.length === 0)
    return element(
      "p",
      {class: "spec-notes-empty"},
      "This request touches none of the places where the pinned specifications disagree."
    );
  const label = (name: string) => element("span", {class: "spec-note-label"}, name);
  return element(
    "div",
    {class: "spec-notes"},
    notes.map((note) => {
      const isTouched = touched?.has(note.id) ?? true;
      return element(
        "details",
        {class: `spec-note${isTouched ? " spec-note-touched" : ""}`, open: touched === undefined, "data-note": note.id},
        element(
          "summary",
          null,
          element("strong", null, note.title),
          touched !== undefined && isTouched
            ? [" ", element("span", {class: "spec-note-badge"}, "this request touches it")]
            : null
        ),
        element("p", null, label("Disagreement."), " ", note.conflict),
        element("p", null, label("This lab."), " ", note.decision),
        element("p", null, label("Why."), " ", note.why),
        element(
          "ul",
          {class: "spec-note-sources"},
          note.sources.map((source) => element("li", null, source))
        )
      );
    })
  );
}
