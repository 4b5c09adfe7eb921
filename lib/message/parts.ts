/**
 * Stage 5, the parts: each part of params.message.parts decoded and shown.
 * Text as text; file bytes as canonical Base64 (RFC 4648 section 4); file uri
 * as an https URL on a reserved example domain, never fetched; data as the JSON
 * written. MIME types are labels the sender chose: shown, never checked
 * against the content. Any decode failure is -32602 naming the part.
 */
import {BASE64_STRICT, decodeBase64} from "../shared/base64.js";
import {checkFileUri} from "./file-uri.js";
import {makeFinding, type Finding, type RequestContext} from "./finding.js";
import {childPointer} from "./json-pointer.js";
import {memberOf} from "./json-source.js";
import type {JsonObjectNode, JsonStringNode} from "../shared/json-nodes.js";
import type {SourceSpan} from "./source-span.js";
import type {ViolationData} from "./params.js";
import type {SpecNoteId} from "./spec-notes.js";
import type {MessageVersion} from "../shared/message-version.js";
import {firstLoneSurrogate} from "../shared/lone-surrogate.js";

/** Bytes shown in an inspector's hex preview. */
export const PREVIEW_BYTES = 32;
/** What the page says next to every MIME type. */
export const MIME_LABEL_NOTE = "Declared by the sender; the lab never inspects the content to check it.";

interface PartInfo {
  index: number;
  /** Pointer into the whole document. */
  pointer: string;
  span: SourceSpan;
  status: "decoded" | "rejected";
  /** Why it was rejected (the finding's message), or null. */
  problem: string | null;
  /** The part's metadata exactly as written, or null. */
  metadataText: string | null;
}

export interface TextPartView extends PartInfo {
  kind: "text";
  text: string;
  /** Length in UTF-16 code units. */
  length: number;
}

export interface FileDescription {
  name: string | null;
  /** The declared MIME type, shown as a label (see MIME_LABEL_NOTE). */
  mimeType: string | null;
}

export interface FileBytesPartView extends PartInfo, FileDescription {
  kind: "file";
  source: "bytes";
  encodedLength: number;
  /** Decoded size; null when the Base64 is rejected. */
  byteLength: number | null;
  /** The first PREVIEW_BYTES bytes as hex pairs separated by spaces; null when rejected. */
  previewHex: string | null;
}

export interface FileUriPartView extends PartInfo, FileDescription {
  kind: "file";
  source: "uri";
  uri: string;
  /** The host read from the URI, or null when it could not be read. */
  host: string | null;
  /** Always false: the lab never fetches a URI. */
  fetched: false;
}

export interface FileBothPartView extends PartInfo, FileDescription {
  kind: "file";
  source: "bytes-and-uri";
  uri: string;
  encodedLength: number;
}

export interface DataPartView extends PartInfo {
  kind: "data";
  /** The data value exactly as written in the request (an object in v0.3.0; any JSON value in 1.0). */
  dataText: string;
  memberCount: number;
  /** The JSON type of the value (1.0 only; v0.3.0's data is always an object). */
  jsonType?: "object" | "array" | "string" | "number" | "boolean" | "null";
}

export type DecodedPart = TextPartView | FileBytesPartView | FileUriPartView | FileBothPartView | DataPartView;

export interface PartsVerdict {
  ok: boolean;
  parts: DecodedPart[];
  findings: Finding[];
  errorData: {violations: ViolationData[]} | null;
}

function stringMember(node: JsonObjectNode, name: string): JsonStringNode | null {
  const value = memberOf(node, name)?.value;
  return value?.type === "string" ? value : null;
}

/** Source offset of code unit `index` of a string value (escapes taken into account). */
export function sourceOffsetOfIndex(text: string, node: JsonStringNode, index: number): number {
  let offset = node.from + 1;
  for (let unit = 0; unit < index && offset < node.to - 1; unit++) {
    if (text.charCodeAt(offset) === 0x5c) offset += text.charCodeAt(offset + 1) === 0x75 ? 6 : 2;
    else offset += 1;
  }
  return offset;
}

/** A part's kind as the version writes it: v0.3.0's text, file, data; 1.0 has no file parts, only raw and url. */
export function partKindName(part: DecodedPart, version: MessageVersion): string {
  if (version === "1.0" && part.kind === "file") return part.source === "bytes" ? "raw" : "url";
  return part.kind;
}

/** The first PREVIEW_BYTES bytes as hex pairs separated by spaces. */
export function hexPreview(bytes: Uint8Array): string {
  const shown: string[] = [];
  for (let k = 0; k < Math.min(PREVIEW_BYTES, bytes.length); k++) shown.push(bytes[k]!.toString(16).padStart(2, "0"));
  return shown.join(" ");
}

/** What stage 5 collects as it decodes, under either version: the parts, their findings, and the -32602 error's violations. */
export class PartsReport {
  readonly parts: DecodedPart[] = [];
  readonly findings: Finding[] = [];
  private readonly violations: ViolationData[] = [];
  constructor(private readonly context: RequestContext) {}

  /** Rejects a part (or the list, with part null): the request stops at stage 5 with this violation. */
  reject(
    part: DecodedPart | null,
    pointer: string,
    at: {from: number; to: number},
    code: string,
    rule: string,
    message: string,
    accepted: string,
    specNote?: SpecNoteId
  ): void {
    if (part) {
      part.status = "rejected";
      part.problem = message;
    }
    this.violations.push({pointer, rule, message, accepted});
    this.findings.push(
      makeFinding(this.context, {
        stage: 5,
        severity: "error",
        code,
        pointer,
        from: at.from,
        to: at.to,
        rule,
        message,
        accepted,
        ...(specNote ? {specNote} : {})
      })
    );
  }

  verdict(): PartsVerdict {
    const ok = this.violations.length === 0;
    return {ok, parts: this.parts, findings: this.findings, errorData: ok ? null : {violations: this.violations}};
  }
}

/** Where a part stands and how its findings name it, read once per part. */
interface PartPlace {
  index: number;
  /** Pointer inside the request (findings). */
  pointer: string;
  /** Pointer into the whole document (the view). */
  partPointer: string;
  span: SourceSpan;
  metadataText: string | null;
  label: string;
}

/** Decodes every part of a message that passed stage 4 (so its shape is known). */
export function decodeParts(params: JsonObjectNode, context: RequestContext): PartsVerdict {
  const report = new PartsReport(context);
  const message = memberOf(params, "message")!.value as JsonObjectNode;
  const partsNode = memberOf(message, "parts")!.value;
  const partsPointer = "/params/message/parts";

  if (partsNode.type !== "array") throw new Error("stage 5 reached with parts that are not an array");
  if (partsNode.items.length === 0) {
    report.reject(
      null,
      partsPointer,
      partsNode,
      "parts.empty",
      'A2A v0.3.0 section 2: a Message contains "one or more Parts" (the v0.3.0 schema does not enforce it; A2A 1.0 and the official test kit do)',
      "The message has no parts: there is nothing to decode or deliver.",
      "at least one part",
      "empty-parts"
    );
  }

  partsNode.items.forEach((partNode, index) => {
    if (partNode.type !== "object") throw new Error("stage 5 reached with a part that is not an object");
    const kind = stringMember(partNode, "kind")?.value;
    const place = placeOf(partNode, index, kind, childPointer(partsPointer, index), context);
    if (kind === "text") decodeTextPart(partNode, place, report, context.text);
    else if (kind === "data") decodeDataPart(partNode, place, report, context.text);
    // kind === "file": stage 4 guarantees a file object with bytes and/or uri strings.
    else decodeFilePart(partNode, place, report, context.text);
  });

  return report.verdict();
}

function placeOf(
  partNode: JsonObjectNode,
  index: number,
  kind: string | undefined,
  pointer: string,
  context: RequestContext
): PartPlace {
  const metadata = memberOf(partNode, "metadata")?.value;
  return {
    index,
    pointer,
    partPointer: context.prefix + pointer,
    span: context.locator.span(partNode.from, partNode.to),
    metadataText: metadata ? context.text.slice(metadata.from, metadata.to) : null,
    label: `Part ${index} (${kind ?? "?"})`
  };
}

// Parts are built as plain literals, not by object spread: this runs once per part of a request of up to 1 MiB.

function decodeTextPart(partNode: JsonObjectNode, place: PartPlace, report: PartsReport, text: string): void {
  const {index, partPointer, span, metadataText, label} = place;
  const textNode = stringMember(partNode, "text")!;
  const part: TextPartView = {
    index,
    pointer: partPointer,
    span,
    status: "decoded",
    problem: null,
    metadataText,
    kind: "text",
    text: textNode.value,
    length: textNode.value.length
  };
  report.parts.push(part);
  const lone = textNode.hasLoneSurrogate ? firstLoneSurrogate(textNode.value) : -1;
  if (lone < 0) return;
  const at = sourceOffsetOfIndex(text, textNode, lone);
  report.reject(
    part,
    childPointer(place.pointer, "text"),
    {from: at, to: at + 6},
    "parts.text-unicode",
    "RFC 8259 section 8.2: a string with an unpaired surrogate escape is not valid Unicode; it cannot be stored or sent as UTF-8 (RFC 3629 section 3)",
    `${label}: the text contains an unpaired surrogate (U+${textNode.value.charCodeAt(lone).toString(16).toUpperCase()}) at index ${lone}.`,
    "text made of Unicode scalar values (surrogates only in valid pairs)"
  );
}

function decodeDataPart(partNode: JsonObjectNode, place: PartPlace, report: PartsReport, text: string): void {
  const {index, partPointer, span, metadataText} = place;
  const dataNode = memberOf(partNode, "data")!.value as JsonObjectNode;
  report.parts.push({
    index,
    pointer: partPointer,
    span,
    status: "decoded",
    problem: null,
    metadataText,
    kind: "data",
    dataText: text.slice(dataNode.from, dataNode.to),
    memberCount: dataNode.members.length
  });
}

/** A file part's object, where it is, and what it says of itself. */
interface FileAt extends FileDescription {
  node: JsonObjectNode;
  pointer: string;
}

function decodeFilePart(partNode: JsonObjectNode, place: PartPlace, report: PartsReport, text: string): void {
  const fileNode = memberOf(partNode, "file")!.value as JsonObjectNode;
  const file: FileAt = {
    node: fileNode,
    pointer: childPointer(place.pointer, "file"),
    name: stringMember(fileNode, "name")?.value ?? null,
    mimeType: stringMember(fileNode, "mimeType")?.value ?? null
  };
  const bytesMember = memberOf(fileNode, "bytes");
  const uriMember = memberOf(fileNode, "uri");
  const bytesNode = stringMember(fileNode, "bytes");
  const uriNode = stringMember(fileNode, "uri");
  // Both members present, whatever their types (the branch that matched leaves the other unvalidated).
  if (bytesMember && uriMember) {
    const uri = uriNode?.value ?? text.slice(uriMember.value.from, uriMember.value.to);
    fileWithBothPart(place, file, uri, bytesNode?.value.length ?? 0, report);
  } else if (bytesNode) {
    fileBytesPart(place, file, bytesNode, report, text);
  } else {
    fileUriPart(place, file, uriNode!, report);
  }
}

function fileWithBothPart(
  place: PartPlace,
  file: FileAt,
  uri: string,
  encodedLength: number,
  report: PartsReport
): void {
  const {index, partPointer, span, metadataText, label} = place;
  const part: FileBothPartView = {
    index,
    pointer: partPointer,
    span,
    status: "decoded",
    problem: null,
    metadataText,
    name: file.name,
    mimeType: file.mimeType,
    kind: "file",
    source: "bytes-and-uri",
    uri,
    encodedLength
  };
  report.parts.push(part);
  report.reject(
    part,
    file.pointer,
    file.node,
    "parts.file-both",
    "A2A v0.3.0 types/src/types.ts: FileWithBytes has uri?: never and FileWithUri has bytes?: never (the schema's anyOf allows both)",
    `${label}: the file has both "bytes" and "uri"; a receiver cannot tell which is the content.`,
    'either "bytes" (FileWithBytes) or "uri" (FileWithUri), not both',
    "file-bytes-and-uri"
  );
}

/** What a file part's view says whatever its source: where it is, and the file's name and type. */
function fileViewBase({index, partPointer, span, metadataText}: PartPlace, file: FileAt) {
  return {
    index,
    pointer: partPointer,
    span,
    status: "decoded" as const,
    problem: null,
    metadataText,
    name: file.name,
    mimeType: file.mimeType,
    kind: "file" as const
  };
}

function fileBytesPart(
  place: PartPlace,
  file: FileAt,
  bytesNode: JsonStringNode,
  report: PartsReport,
  text: string
): void {
  const {label} = place;
  const decoded = decodeBase64(bytesNode.value, BASE64_STRICT);
  const part: FileBytesPartView = {
    ...fileViewBase(place, file),
    source: "bytes",
    encodedLength: bytesNode.value.length,
    byteLength: decoded.ok ? decoded.bytes.length : null,
    previewHex: decoded.ok ? hexPreview(decoded.bytes) : null
  };
  report.parts.push(part);
  if (decoded.ok) return;
  const at = sourceOffsetOfIndex(text, bytesNode, decoded.index);
  report.reject(
    part,
    childPointer(file.pointer, "bytes"),
    {from: at, to: Math.min(at + 1, bytesNode.to - 1)},
    "parts.base64",
    decoded.rule,
    `${label}: the bytes are not canonical padded Base64. ${decoded.message}`,
    "canonical padded Base64 (RFC 4648 section 4): A-Z a-z 0-9 + /, '=' padding to a multiple of 4, zero pad bits, no whitespace"
  );
}

function fileUriPart(place: PartPlace, file: FileAt, uri: JsonStringNode, report: PartsReport): void {
  const {label} = place;
  const checked = checkFileUri(uri.value);
  const part: FileUriPartView = {
    ...fileViewBase(place, file),
    source: "uri",
    uri: uri.value,
    host: checked.ok ? checked.host : null,
    fetched: false
  };
  report.parts.push(part);
  if (!checked.ok)
    report.reject(
      part,
      childPointer(file.pointer, "uri"),
      uri,
      `parts.uri-${checked.problem}`,
      checked.rule,
      `${label}: ${checked.message}`,
      checked.accepted
    );
}
