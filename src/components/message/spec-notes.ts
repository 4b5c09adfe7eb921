/**
 * The places where the pinned specifications disagree with themselves, each
 * with what the lab does and why (lib/message/spec-notes.ts says it; this only
 * shows it).
 */
import {html} from "htl";
import type {MessageSpecNote} from "../../../lib/message/index.js";

export interface SpecNoteListOptions {
  /** Notes the current request touches: marked, and open. */
  touched?: ReadonlySet<string>;
}

export function SpecNoteList(notes: readonly MessageSpecNote[], {touched}: SpecNoteListOptions = {}): HTMLElement {
  if (notes.length === 0) return html`<p class="spec-notes-empty">This request touches none of the places where the pinned specifications disagree.</p>` as HTMLElement;
  return html`<div class="spec-notes">${notes.map((note) => {
    const isTouched = touched?.has(note.id) ?? true;
    return html`<details class=${`spec-note${isTouched ? " spec-note-touched" : ""}`} open=${touched !== undefined ? false : true} data-note=${note.id}>
      <summary><strong>${note.title}</strong>${touched !== undefined && isTouched ? html` <span class="spec-note-badge">this request touches it</span>` : null}</summary>
      <p><span class="spec-note-label">Disagreement.</span> ${note.conflict}</p>
      <p><span class="spec-note-label">This lab.</span> ${note.decision}</p>
      <p><span class="spec-note-label">Why.</span> ${note.why}</p>
      <ul class="spec-note-sources">${note.sources.map((source) => html`<li>${source}</li>`)}</ul>
    </details>`;
  })}</div>` as HTMLElement;
}
