/**
 * Stage 5 under A2A 1.0: each Part holds one of text, raw (bytes, base64 in JSON), url or data
 * (google.protobuf.Value: any JSON value), with an optional mediaType, filename and metadata
 * (a2a.proto lf.a2a.v1.Part); the nested v0.3.0 `file` object and `mimeType` are gone. Stage 4
 * has checked the types and that at most one content member is set; here each part is decoded
 * and shown: raw bytes counted and previewed (a spelling ProtoJSON accepts but that is not
 * canonical is noted), a url checked like v0.3.0's file uri (a reserved example host, never
 * fetched), data shown as written. A part with no content at all stops the request.
 */
import {BASE64_LENIENT, decodeBase64} from "../shared/base64.js";
import {checkFileUri} from "./file-uri.js";
import {makeFinding, type RequestContext} from "./finding.js";
import {childPointer} from "./json-pointer.js";
import {memberOf} from "./json-source.js";
import type {JsonMember, JsonNode, JsonObjectNode, JsonStringNode} from "../shared/json-nodes.js";
import {
  PartsReport,
  hexPreview,
  type DecodedPart,
  type FileDescription,
  type PartsVerdict,
  type TextPartView
} from "./parts.js";
import {A2A_V1_VERSION} from "./proto-spec.js";

const CONTENT = ["text", "raw", "url", "data"] as const;
const DEPARTURES = {
  "url-safe": "uses the URL-safe alphabet ('-' and '_')",
  unpadded: "has no '=' padding",
  "pad-bits": "leaves non-zero pad bits"
} as const;

/** A member by its JSON name or its proto name (stage 4 has refused both at once). */
function field(part: JsonObjectNode, json: string, proto = json): JsonMember | undefined {
  return memberOf(part, json) ?? memberOf(part, proto);
}

function stringOf(part: JsonObjectNode, json: string, proto?: string): string | null {
  const value = field(part, json, proto)?.value;
  return value?.type === "string" ? value.value : null;
}

/** The fields every view of a part carries (PartInfo in parts.ts). */
type PartInfo = Omit<TextPartView, "kind" | "text" | "length">;

/** One part being decoded: where it is, how findings name it, and what every view of it carries. */
interface PartAt {
  /** Pointer inside the request (findings). */
  pointer: string;
  label: string;
  info: PartInfo;
  description: FileDescription;
}

export function decodePartsV1(params: JsonObjectNode, context: RequestContext): PartsVerdict {
  const report = new PartsReport(context);
  const message = memberOf(params, "message")!.value as JsonObjectNode;
  const partsNode = memberOf(message, "parts")!.value;
  if (partsNode.type !== "array") throw new Error("stage 5 reached with parts that are not an array");
  partsNode.items.forEach((partNode, index) => decodePartV1(partNode, index, context, report));
  return report.verdict();
}

function decodePartV1(partNode: JsonNode, index: number, context: RequestContext, report: PartsReport): void {
  const {text} = context;
  if (partNode.type !== "object") throw new Error("stage 5 reached with a part that is not an object");
  const pointer = childPointer("/params/message/parts", index);
  // A null data is still content (google.protobuf.Value's null); a null text, raw or url is an unset member.
  const content = CONTENT.map((name) => ({name, member: memberOf(partNode, name)})).find(
    ({member}) => member !== undefined && (member.value.type !== "null" || member.name === "data")
  );
  const metadata = memberOf(partNode, "metadata")?.value;
  const info: PartInfo = {
    index,
    pointer: context.prefix + pointer,
    span: context.locator.span(partNode.from, partNode.to),
    status: "decoded",
    problem: null,
    metadataText: metadata && metadata.type !== "null" ? text.slice(metadata.from, metadata.to) : null
  };
  const description = {name: stringOf(partNode, "filename"), mimeType: stringOf(partNode, "mediaType", "media_type")};
  const label = `Part ${index} (${content?.name ?? "empty"})`;
  if (content === undefined) {
    report.reject(
      null,
      pointer,
      partNode,
      "parts.no-content",
      `A2A ${A2A_V1_VERSION} a2a.proto lf.a2a.v1.Part: the content oneof is one of text, raw, url and data; the proto lets it be unset, but a part without content carries nothing to deliver`,
      `${label}: the part sets none of "text", "raw", "url" or "data".`,
      'exactly one of "text", "raw", "url", "data"'
    );
    return;
  }
  const value = content.member!.value;
  const at: PartAt = {pointer, label, info, description};
  if (content.name === "text") {
    const textValue = (value as JsonStringNode).value;
    report.parts.push({...info, kind: "text", text: textValue, length: textValue.length});
  } else if (content.name === "data") {
    report.parts.push({
      ...info,
      kind: "data",
      dataText: text.slice(value.from, value.to),
      memberCount: value.type === "object" ? value.members.length : 0,
      jsonType: value.type
    });
  } else if (content.name === "raw") {
    decodeRawPart(value as JsonStringNode, at, context, report);
  } else {
    decodeUrlPart(value as JsonStringNode, at, report);
  }
}

/** raw: bytes counted and previewed; a spelling ProtoJSON accepts but does not write gets a note. */
function decodeRawPart(value: JsonStringNode, at: PartAt, context: RequestContext, report: PartsReport): void {
  const decoded = decodeBase64(value.value, BASE64_LENIENT);
  if (!decoded.ok) throw new Error("stage 5 reached with raw bytes stage 4 refused");
  report.parts.push({
    ...at.info,
    ...at.description,
    kind: "file",
    source: "bytes",
    encodedLength: value.value.length,
    byteLength: decoded.bytes.length,
    previewHex: hexPreview(decoded.bytes)
  });
  if (decoded.departures.length === 0) return;
  report.findings.push(
    makeFinding(context, {
      stage: 5,
      severity: "note",
      code: "parts.base64-form",
      pointer: childPointer(at.pointer, "raw"),
      from: value.from,
      to: value.to,
      rule: 'ProtoJSON: writers use "standard base64 encoding with paddings"; readers accept URL-safe and unpadded forms too',
      message: `${at.label}: the base64 ${decoded.departures.map((departure) => DEPARTURES[departure]).join(" and ")}; a ProtoJSON reader decodes it, a strict Base64 decoder (like v0.3.0 lesson's) would not.`,
      accepted: "canonical padded standard base64 is what every reader accepts"
    })
  );
}

/** url: checked like v0.3.0's file uri and never fetched; a url the check refuses stops the request. */
function decodeUrlPart(value: JsonStringNode, at: PartAt, report: PartsReport): void {
  const uri = value.value;
  const checked = checkFileUri(uri);
  const part: DecodedPart = {
    ...at.info,
    ...at.description,
    kind: "file",
    source: "uri",
    uri,
    host: checked.ok ? checked.host : null,
    fetched: false
  };
  report.parts.push(part);
  if (!checked.ok)
    report.reject(
      part,
      childPointer(at.pointer, "url"),
      value,
      `parts.uri-${checked.problem}`,
      checked.rule,
      `${at.label}: ${checked.message}`,
      checked.accepted
    );
}
