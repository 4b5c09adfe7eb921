/**
 * The validated-part inspector: what stage 5 decoded from each part of one
 * request. Text as text, inline files by size and first bytes, files by URI
 * (never fetched), data as written. MIME types are labels, shown as such.
 * Everything is user text, shown as text and cut to a size the page can lay out.
 */
import {element} from "../runtime/dom.js";
import {MIME_LABEL_NOTE, type DecodedPart as MessageDecodedPart} from "../../../lib/message/parts.js";
import type {RequestOutcome as MessageRequestOutcome} from "../../../lib/message/request.js";
import type {MessageVersion} from "../../../lib/shared/message-version.js";
import {CappedPre, CappedView, capText, moreNotShown} from "./capped-text.js";
import {describeRequest} from "./words.js";

/** Parts rendered per request; the rest are counted. */
export const PARTS_SHOWN = 50;
/** Characters of a text, data or metadata value shown. */
export const PART_TEXT_SHOWN = 2000;

/** The members' names each version writes: v0.3.0's file object, or 1.0's flat Part. */
const WORDS: Readonly<
  Record<MessageVersion, {bytes: string; uri: string; uriField: string; name: string; mime: string; encoded: string}>
> = {
  "0.3": {
    bytes: "file (inline bytes)",
    uri: "file (by URI)",
    uriField: "uri",
    name: "name",
    mime: "MIME type",
    encoded: "Base64 length"
  },
  "1.0": {
    bytes: "raw (inline bytes)",
    uri: "url (by reference)",
    uriField: "url",
    name: "filename",
    mime: "mediaType",
    encoded: "base64 length"
  }
};

export function PartInspector(outcome: MessageRequestOutcome, version: MessageVersion = "0.3"): HTMLElement {
  const who = describeRequest(outcome);
  if (outcome.stageReached < 5) {
    const stopped =
      outcome.stoppedAt === null
        ? ""
        : ` It stopped at stage ${outcome.stoppedAt} (${outcome.stages[outcome.stoppedAt - 1]!.name}), so no part was decoded.`;
    return element("p", {class: "parts-empty"}, `Stage 5 was not reached for ${who}.${stopped}`);
  }
  if (outcome.parts.length === 0) {
    return element("p", {class: "parts-empty"}, `The message of ${who} has no parts: there is nothing to decode.`);
  }
  const shown = outcome.parts.slice(0, PARTS_SHOWN);
  return element(
    "div",
    {class: "part-list"},
    shown.map((part) => PartCard(part, WORDS[version])),
    outcome.parts.length > shown.length
      ? element("p", {class: "capped-note"}, `${moreNotShown(outcome.parts.length - shown.length, "part")}.`)
      : null
  );
}

type Words = (typeof WORDS)[MessageVersion];

function PartCard(part: MessageDecodedPart, words: Words): HTMLElement {
  const heading =
    part.kind === "file"
      ? part.source === "bytes"
        ? words.bytes
        : part.source === "uri"
          ? words.uri
          : "file (bytes and URI)"
      : part.kind;
  return element(
    "section",
    {class: `part-card part-${part.status}`, "aria-label": `Part ${part.index}`},
    element(
      "header",
      {class: "part-head"},
      element("strong", null, `Part ${part.index}: ${heading}`),
      element(
        "span",
        {class: part.status === "decoded" ? "verdict-good" : "verdict-bad"},
        part.status === "decoded" ? "✓ decoded" : "✗ rejected"
      ),
      element("code", {class: "part-pointer"}, part.pointer)
    ),
    part.problem ? element("p", {class: "part-problem"}, part.problem) : null,
    PartBody(part, words),
    part.metadataText !== null
      ? element(
          "div",
          {class: "part-field"},
          element("span", {class: "part-label"}, "metadata, as written"),
          AsWritten(part.metadataText)
        )
      : null
  );
}

function PartBody(part: MessageDecodedPart, words: Words): HTMLElement {
  switch (part.kind) {
    case "text":
      return element(
        "div",
        {class: "part-field"},
        element("span", {class: "part-label"}, `text, ${part.length.toLocaleString("en-US")} UTF-16 code units`),
        CappedPre(part.text, PART_TEXT_SHOWN, "verbatim part-text", "The text part, verbatim")
      );
    case "data":
      return element(
        "div",
        {class: "part-field"},
        element(
          "span",
          {class: "part-label"},
          `data, ${part.jsonType === undefined || part.jsonType === "object" ? `${part.memberCount} member${part.memberCount === 1 ? "" : "s"}` : `${part.jsonType === "array" ? "an" : "a"} ${part.jsonType}`}, as written`
        ),
        AsWritten(part.dataText)
      );
    case "file": {
      const facts: [string, string][] = [[words.name, part.name ?? "(none)"]];
      if (part.source === "bytes") {
        facts.push([words.encoded, `${part.encodedLength.toLocaleString("en-US")} characters`]);
        facts.push([
          "decoded size",
          part.byteLength === null ? "not decoded" : `${part.byteLength.toLocaleString("en-US")} bytes`
        ]);
        if (part.previewHex !== null)
          facts.push([
            `first ${part.previewHex === "" ? 0 : part.previewHex.split(" ").length} bytes (hex)`,
            part.previewHex || "(empty)"
          ]);
      } else if (part.source === "uri") {
        facts.push([words.uriField, part.uri]);
        facts.push(["host", part.host ?? "could not be read"]);
        facts.push(["fetched", "never: the lab does not fetch URIs"]);
      } else {
        facts.push(["uri", part.uri]);
        facts.push(["Base64 length", `${part.encodedLength.toLocaleString("en-US")} characters`]);
      }
      return element(
        "div",
        null,
        element(
          "dl",
          {class: "part-facts"},
          facts.map(([term, value]) => [
            element("dt", null, term),
            element(
              "dd",
              null,
              value.length > PART_TEXT_SHOWN
                ? `${value.slice(0, PART_TEXT_SHOWN)} ${moreNotShown(value.length - PART_TEXT_SHOWN)}`
                : value
            )
          ]),
          element("dt", null, words.mime),
          element(
            "dd",
            null,
            part.mimeType === null ? "(none declared)" : element("code", null, part.mimeType),
            " ",
            element("small", {class: "mime-note"}, MIME_LABEL_NOTE)
          )
        )
      );
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
  return [
    lines[0],
    ...lines.slice(1).map((line) => line.slice(Math.min(common, line.length - line.trimStart().length)))
  ].join("\n");
}
