/**
 * The validated-part inspector: what stage 5 decoded from each part of one
 * request. Text as text, inline files by size and first bytes, files by URI
 * (never fetched), data as written. MIME types are labels, shown as such.
 * Everything is user text, shown as text and cut to a size the page can lay out.
 */
import {html} from "htl";
import {MIME_LABEL_NOTE, type MessageDecodedPart, type MessageRequestOutcome} from "../../../lib/message/index.js";
import {CappedPre, CappedView, capText, moreNotShown} from "./capped-text.js";
import {describeRequest} from "./words.js";

/** Parts rendered per request; the rest are counted. */
export const PARTS_SHOWN = 50;
/** Characters of a text, data or metadata value shown. */
export const PART_TEXT_SHOWN = 2000;

export function PartInspector(outcome: MessageRequestOutcome): HTMLElement {
  const who = describeRequest(outcome);
  if (outcome.stageReached < 5) {
    const stopped = outcome.stoppedAt === null ? "" : ` It stopped at stage ${outcome.stoppedAt} (${outcome.stages[outcome.stoppedAt - 1]!.name}), so no part was decoded.`;
    return html`<p class="parts-empty">Stage 5 was not reached for ${who}.${stopped}</p>` as HTMLElement;
  }
  if (outcome.parts.length === 0) {
    return html`<p class="parts-empty">The message of ${who} has no parts: there is nothing to decode.</p>` as HTMLElement;
  }
  const shown = outcome.parts.slice(0, PARTS_SHOWN);
  return html`<div class="part-list">
    ${shown.map(PartCard)}
    ${outcome.parts.length > shown.length ? html`<p class="capped-note">${moreNotShown(outcome.parts.length - shown.length, "part")}.</p>` : null}
  </div>` as HTMLElement;
}

function PartCard(part: MessageDecodedPart): HTMLElement {
  const heading = part.kind === "file" ? `file (${part.source === "bytes" ? "inline bytes" : part.source === "uri" ? "by URI" : "bytes and URI"})` : part.kind;
  return html`<section class=${`part-card part-${part.status}`} aria-label=${`Part ${part.index}`}>
    <header class="part-head">
      <strong>Part ${part.index}: ${heading}</strong>
      <span class=${part.status === "decoded" ? "verdict-good" : "verdict-bad"}>${part.status === "decoded" ? "✓ decoded" : "✗ rejected"}</span>
      <code class="part-pointer">${part.pointer}</code>
    </header>
    ${part.problem ? html`<p class="part-problem">${part.problem}</p>` : null}
    ${PartBody(part)}
    ${part.metadataText !== null ? html`<div class="part-field"><span class="part-label">metadata, as written</span>${AsWritten(part.metadataText)}</div>` : null}
  </section>` as HTMLElement;
}

function PartBody(part: MessageDecodedPart): HTMLElement {
  switch (part.kind) {
    case "text":
      return html`<div class="part-field"><span class="part-label">text, ${part.length.toLocaleString("en-US")} UTF-16 code units</span>${CappedPre(part.text, PART_TEXT_SHOWN, "verbatim part-text")}</div>` as HTMLElement;
    case "data":
      return html`<div class="part-field"><span class="part-label">data, ${part.memberCount} member${part.memberCount === 1 ? "" : "s"}, as written</span>${AsWritten(part.dataText)}</div>` as HTMLElement;
    case "file": {
      const facts: [string, string][] = [["name", part.name ?? "(none)"]];
      if (part.source === "bytes") {
        facts.push(["Base64 length", `${part.encodedLength.toLocaleString("en-US")} characters`]);
        facts.push(["decoded size", part.byteLength === null ? "not decoded" : `${part.byteLength.toLocaleString("en-US")} bytes`]);
        if (part.previewHex !== null) facts.push([`first ${part.previewHex === "" ? 0 : part.previewHex.split(" ").length} bytes (hex)`, part.previewHex || "(empty)"]);
      } else if (part.source === "uri") {
        facts.push(["uri", part.uri]);
        facts.push(["host", part.host ?? "could not be read"]);
        facts.push(["fetched", "never: the lab does not fetch URIs"]);
      } else {
        facts.push(["uri", part.uri]);
        facts.push(["Base64 length", `${part.encodedLength.toLocaleString("en-US")} characters`]);
      }
      return html`<div>
        <dl class="part-facts">${facts.flatMap(([term, value]) => [html`<dt>${term}</dt>`, html`<dd>${value.length > PART_TEXT_SHOWN ? `${value.slice(0, PART_TEXT_SHOWN)} ${moreNotShown(value.length - PART_TEXT_SHOWN)}` : value}</dd>`])}
          <dt>MIME type</dt><dd>${part.mimeType === null ? "(none declared)" : html`<code>${part.mimeType}</code>`} <small class="mime-note">${MIME_LABEL_NOTE}</small></dd>
        </dl>
      </div>` as HTMLElement;
    }
  }
}

/** A JSON value sliced from the request, shown as written (cut first, so a huge value costs nothing). */
function AsWritten(text: string): HTMLElement {
  const capped = capText(text, PART_TEXT_SHOWN);
  return CappedView({shown: dedentContinuation(capped.shown), hidden: capped.hidden});
}

/**
 * A value sliced from the request keeps the request's indentation on every line
 * but the first; removes what all those lines share, so it reads as written.
 */
export function dedentContinuation(text: string): string {
  const lines = text.split("\n");
  if (lines.length < 2) return text;
  let common = Infinity;
  for (const line of lines.slice(1)) {
    if (line.trim() === "") continue;
    common = Math.min(common, line.length - line.trimStart().length);
  }
  if (!Number.isFinite(common) || common === 0) return text;
  return [lines[0], ...lines.slice(1).map((line) => line.slice(Math.min(common, line.length - line.trimStart().length)))].join("\n");
}
