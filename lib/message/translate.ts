/**
 * "Translate to the other version": a JSON-RPC request written for A2A v0.3.0 rewritten for A2A
 * 1.0, or back, with every change named and why, and what cannot be carried over named too.
 * The rules, from a2aproject/A2A tag v1.0.1 docs/whats-new-v1.md and the 1.0.1 proto:
 * - method names: message/send <-> SendMessage, and the rest (method-names.ts);
 * - `kind` discriminators go: a oneof member's name says what a value is;
 * - a file part's nested `file` becomes the part's own `raw` (bytes) or `url` (uri), `mimeType`
 *   becomes `mediaType`, `name` becomes `filename`;
 * - enum values by their proto names: "user" <-> "ROLE_USER", "agent" <-> "ROLE_AGENT";
 * - `blocking` <-> `returnImmediately`, inverted;
 * - `pushNotificationConfig` <-> `taskPushNotificationConfig`, with `authentication.schemes[]`
 *   <-> one `authentication.scheme`.
 * Numbers and strings keep their exact source text (an id beyond 2^53 survives). Only
 * SendMessage's params (and SendStreamingMessage's, the same type) are rewritten; other
 * methods' params are copied and said to be.
 */
import {BASE64_LENIENT, decodeBase64, encodeBase64} from "../shared/base64.js";
import {childPointer} from "./json-pointer.js";
import {parseJson} from "./json-source.js";
import type {JsonNode} from "../shared/json-nodes.js";
import {v03MethodFor, v1MethodFor} from "./method-names.js";
import {exceedsRequestLimit, MAX_REQUEST_BYTES, utf8ByteLength} from "./request-size.js";
import type {MessageVersion} from "../shared/message-version.js";

export interface TranslationChange {
  /** Where in the source request the change applies. */
  pointer: string;
  from: string;
  to: string;
  why: string;
  /** Set by groupChanges: how many changes this one stands for (the same change at other places). */
  count?: number;
}

export interface Untranslatable {
  pointer: string;
  /** What could not be carried over, and what the translation did with it. */
  what: string;
  why: string;
  /** Set by summarizeTranslation: how many places this one stands for. */
  count?: number;
}

/** The translation's size against the lab's limit: a translation can grow past it (pretty 1.0 from compact v0.3.0). */
export interface TranslationSize {
  /** UTF-8 bytes of the translated text. */
  bytes: number;
  limit: number;
  overLimit: boolean;
  /** Over the limit and laid out over lines: its size written on one line, which may fit. */
  oneLineBytes: number | null;
}

export type Translation =
  | {
      ok: true;
      from: MessageVersion;
      to: MessageVersion;
      text: string;
      layout: TextLayout;
      size: TranslationSize;
      changes: TranslationChange[];
      untranslatable: Untranslatable[];
    }
  | {ok: false; from: MessageVersion; to: MessageVersion; reason: string};

/** A JSON value kept as source text at the leaves, so numbers and strings are copied exactly. */
type Out = {t: "lit"; text: string} | {t: "arr"; items: Out[]} | {t: "obj"; members: [string, Out][]};

const lit = (value: string | number | boolean): Out => ({t: "lit", text: JSON.stringify(value)});
const WHATS_NEW = "whats-new-v1.md";

/** `duplicate` hears of each repeated name (its pointer): JSON.parse keeps the last, and so does the translation. */
function outOf(node: JsonNode, text: string, duplicate: (pointer: string) => void, pointer = ""): Out {
  switch (node.type) {
    case "object": {
      const members = new Map<string, Out>();
      for (const member of node.members) {
        const at = childPointer(pointer, member.name);
        if (members.delete(member.name)) duplicate(at);
        members.set(member.name, outOf(member.value, text, duplicate, at));
      }
      return {t: "obj", members: [...members]};
    }
    case "array":
      return {
        t: "arr",
        items: node.items.map((item, index) => outOf(item, text, duplicate, childPointer(pointer, index)))
      };
    case "number":
      return {t: "lit", text: node.lexeme};
    default:
      return {t: "lit", text: text.slice(node.from, node.to)};
  }
}

/** On one line, for messages. */
function compact(value: Out): string {
  if (value.t === "lit") return value.text;
  if (value.t === "arr") return `[${value.items.map(compact).join(",")}]`;
  return `{${value.members.map(([name, member]) => `${JSON.stringify(name)}:${compact(member)}`).join(",")}}`;
}

function shortText(value: Out): string {
  const text = compact(value);
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/**
 * How the source was written, so the translation is written the same way: on one line (with or
 * without a space after ':' and ','), or one member per line with the source's indent unit.
 * A JSON text holds a raw line break only between tokens, so any line break inside it means it
 * was laid out over lines.
 */
export interface TextLayout {
  multiline: boolean;
  /** The indent of one level (multi-line). */
  indent: string;
  /** A space after ':' and ',' (one line). */
  spaced: boolean;
}

export function textLayout(text: string): TextLayout {
  const trimmed = text.trim();
  const multiline = trimmed.includes("\n");
  const indent = multiline ? (/\n([ \t]+)\S/.exec(trimmed)?.[1] ?? "  ") : "  ";
  // The first member's colon says how the writer spaced (a string holding '":' before it is rare).
  const spaced = /"\s*:\s/.test(trimmed.slice(0, 200));
  return {multiline, indent, spaced};
}

/** The value written out in `layout`, built into one array of pieces (joined once, whatever its size). */
function serialize(value: Out, layout: TextLayout): string {
  const pieces: string[] = [];
  const colon = layout.multiline || layout.spaced ? ": " : ":";
  const comma = layout.multiline ? "," : layout.spaced ? ", " : ",";
  const write = (node: Out, indent: string): void => {
    if (node.t === "lit") return void pieces.push(node.text);
    const entries = node.t === "arr" ? node.items : node.members;
    if (entries.length === 0) return void pieces.push(node.t === "arr" ? "[]" : "{}");
    const inner = layout.multiline ? indent + layout.indent : "";
    const open = layout.multiline ? `\n${inner}` : "";
    pieces.push(node.t === "arr" ? "[" : "{", open);
    entries.forEach((entry, index) => {
      if (index > 0) pieces.push(comma, open);
      if (Array.isArray(entry)) {
        pieces.push(JSON.stringify(entry[0]), colon);
        write(entry[1], inner);
      } else write(entry, inner);
    });
    pieces.push(layout.multiline ? `\n${indent}` : "", node.t === "arr" ? "]" : "}");
  };
  write(value, "");
  return pieces.join("");
}

/** The string a literal holds, or null when it is not a string. */
function stringOf(value: Out | undefined): string | null {
  if (value?.t !== "lit" || !value.text.startsWith('"')) return null;
  return JSON.parse(value.text) as string;
}

function get(object: Out, ...names: string[]): Out | undefined {
  if (object.t !== "obj") return undefined;
  for (const name of names) {
    const found = object.members.find(([member]) => member === name);
    if (found) return found[1];
  }
  return undefined;
}

/** A 1.0 part's MIME type and file name, undefined when absent or null. */
interface PartDescription {
  mediaType: Out | undefined;
  filename: Out | undefined;
}

class Translator {
  changes: TranslationChange[] = [];
  untranslatable: Untranslatable[] = [];
  constructor(readonly to: MessageVersion) {}

  change(pointer: string, from: string, to: string, why: string): void {
    this.changes.push({pointer, from, to, why});
  }

  lose(pointer: string, what: string, why: string): void {
    this.untranslatable.push({pointer, what, why});
  }

  request(value: Out, pointer: string): Out {
    if (value.t !== "obj") {
      this.lose(
        pointer,
        "not a request object; copied as is",
        "only a JSON-RPC Request object has a method and params to translate"
      );
      return value;
    }
    const method = stringOf(get(value, "method"));
    const renamed = method === null ? undefined : this.to === "1.0" ? v1MethodFor(method) : v03MethodFor(method);
    const members: [string, Out][] = [];
    for (const [name, member] of value.members) {
      if (name === "method" && method !== null) {
        if (renamed === undefined) {
          this.lose(
            childPointer(pointer, "method"),
            `"${method}" has no ${this.to === "1.0" ? "A2A 1.0" : "A2A v0.3.0"} counterpart; copied as is`,
            this.to === "0.3" && method === "ListTasks"
              ? "ListTasks is new in 1.0: v0.3.0 has no tasks/list"
              : `it is not a${this.to === "1.0" ? " v0.3.0" : "n A2A 1.0"} method`
          );
          members.push([name, member]);
        } else {
          this.change(
            childPointer(pointer, "method"),
            method,
            renamed,
            this.to === "1.0"
              ? `JSON-RPC methods are PascalCase in 1.0, named as the proto's rpcs (specification section 9.1; ${WHATS_NEW})`
              : `v0.3.0 names the method "${renamed}" (${WHATS_NEW})`
          );
          members.push([name, lit(renamed)]);
        }
      } else if (name === "id" && this.to === "0.3" && member.t === "lit" && member.text === "null") {
        this.lose(
          childPointer(pointer, "id"),
          "the id null: copied as is",
          "v0.3.0's schema types a request id as a string or an integer; 1.0 (as @a2a-js/sdk) also reads null"
        );
        members.push([name, member]);
      } else if (
        name === "params" &&
        (renamed === "SendMessage" ||
          renamed === "SendStreamingMessage" ||
          renamed === "message/send" ||
          renamed === "message/stream")
      ) {
        members.push([
          name,
          this.to === "1.0"
            ? this.paramsTo1(member, childPointer(pointer, "params"))
            : this.paramsTo03(member, childPointer(pointer, "params"))
        ]);
      } else {
        if (name === "params" && renamed !== undefined)
          this.lose(
            childPointer(pointer, "params"),
            `the params of ${method} are copied unchanged`,
            "this lab translates the params of message/send (SendMessage) only"
          );
        members.push([name, member]);
      }
    }
    return {t: "obj", members};
  }

  // v0.3.0 MessageSendParams -> 1.0 SendMessageRequest
  private paramsTo1(params: Out, pointer: string): Out {
    if (params.t !== "obj") return params;
    return this.mapMembers(params, pointer, (name, value, at) => {
      if (name === "message") return [[name, this.messageTo1(value, at)]];
      if (name === "configuration") return [[name, this.configurationTo1(value, at)]];
      return [[name, value]];
    });
  }

  private messageTo1(message: Out, pointer: string): Out {
    return this.mapMembers(message, pointer, (name, value, at) => {
      if (name === "kind") {
        this.change(
          at,
          `"kind": ${shortText(value)}`,
          "(removed)",
          `1.0 has no kind discriminators: a SendMessageRequest's message is a Message by its field (${WHATS_NEW})`
        );
        return [];
      }
      if (name === "role") return [[name, this.enumTo1(value, at, {user: "ROLE_USER", agent: "ROLE_AGENT"})]];
      if (name === "messageId" && stringOf(value) === "")
        this.lose(
          at,
          "an empty messageId: copied as is",
          "1.0's message_id is REQUIRED, and proto3 cannot tell an empty string from no value (specification section 5.7)"
        );
      if (name === "parts" && value.t === "arr")
        return [
          [name, {t: "arr", items: value.items.map((part, index) => this.partTo1(part, childPointer(at, index)))}]
        ];
      return [[name, value]];
    });
  }

  private enumTo1(value: Out, pointer: string, names: Record<string, string>): Out {
    const written = stringOf(value);
    const name = written === null ? undefined : names[written];
    if (name === undefined) {
      this.lose(
        pointer,
        `${shortText(value)} is not a v0.3.0 role; copied as is`,
        'v0.3.0 roles are "user" and "agent"'
      );
      return value;
    }
    this.change(
      pointer,
      JSON.stringify(written),
      JSON.stringify(name),
      "1.0 writes enum values by their proto names, ProtoJSON's mapping (specification section 5.5)"
    );
    return lit(name);
  }

  private partTo1(part: Out, pointer: string): Out {
    const kind = stringOf(get(part, "kind"));
    if (part.t !== "obj" || (kind !== "text" && kind !== "file" && kind !== "data")) {
      this.lose(
        pointer,
        "a part without a v0.3.0 kind (text, file, data); copied as is",
        "the kind says which content the part holds, and 1.0 needs to know it"
      );
      return part;
    }
    const members: [string, Out][] = [];
    for (const [name, value] of part.members) {
      const at = childPointer(pointer, name);
      if (name === "kind")
        this.change(
          at,
          `"kind": "${kind}"`,
          "(removed)",
          `1.0's Part is a oneof: the member set (text, raw, url, data) says what it is (${WHATS_NEW})`
        );
      else if (name === "file" && value.t === "obj") members.push(...this.fileTo1(value, at));
      else if (name === kind || name === "metadata") members.push([name, value]);
      // v0.3.0 does not forbid other members; in 1.0 one could be a second content (a raw beside a text).
      else
        this.lose(
          at,
          `${name}: dropped`,
          `it is not a member of v0.3.0's ${kind} part, and in 1.0 it could be read as a second content or an unknown field`
        );
    }
    return {t: "obj", members};
  }

  private fileTo1(file: Out, pointer: string): [string, Out][] {
    const bytes = get(file, "bytes");
    const uri = get(file, "uri");
    const members: [string, Out][] = [];
    if (bytes !== undefined) {
      members.push(["raw", bytes]);
      this.change(
        childPointer(pointer, "bytes"),
        "file.bytes",
        "raw",
        "1.0 has no nested file object: bytes are the part's own raw content, the same base64 text"
      );
    }
    if (uri !== undefined) {
      if (bytes !== undefined)
        this.lose(
          childPointer(pointer, "uri"),
          "file.uri beside file.bytes: dropped, raw kept",
          "a 1.0 Part holds exactly one of raw and url"
        );
      else {
        members.push(["url", uri]);
        this.change(
          childPointer(pointer, "uri"),
          "file.uri",
          "url",
          "1.0 has no nested file object: a file by reference is the part's own url"
        );
      }
    }
    const mimeType = get(file, "mimeType");
    if (mimeType !== undefined) {
      members.push(["mediaType", mimeType]);
      this.change(
        childPointer(pointer, "mimeType"),
        "file.mimeType",
        "mediaType",
        `1.0 calls it mediaType, and any part may have one (${WHATS_NEW})`
      );
    }
    const name = get(file, "name");
    if (name !== undefined) {
      members.push(["filename", name]);
      this.change(
        childPointer(pointer, "name"),
        "file.name",
        "filename",
        "1.0's Part carries the file's name as filename"
      );
    }
    return members;
  }

  private configurationTo1(configuration: Out, pointer: string): Out {
    return this.mapMembers(configuration, pointer, (name, value, at) => {
      if (name === "blocking") {
        const blocking = value.t === "lit" ? value.text : "";
        if (blocking !== "true" && blocking !== "false") return [[name, value]];
        const inverted = blocking === "true" ? "false" : "true";
        this.change(
          at,
          `"blocking": ${blocking}`,
          `"returnImmediately": ${inverted}`,
          `1.0 replaces blocking with returnImmediately, which means the opposite (${WHATS_NEW})`
        );
        return [["returnImmediately", {t: "lit", text: inverted}]];
      }
      if (name === "pushNotificationConfig") {
        this.change(
          at,
          "pushNotificationConfig",
          "taskPushNotificationConfig",
          "1.0's configuration holds a TaskPushNotificationConfig (a2a.proto, SendMessageConfiguration.task_push_notification_config)"
        );
        return [["taskPushNotificationConfig", this.pushConfigTo1(value, at)]];
      }
      return [[name, value]];
    });
  }

  private pushConfigTo1(config: Out, pointer: string): Out {
    return this.mapMembers(config, pointer, (name, value, at) => {
      if (name === "url" && stringOf(value) === "")
        this.lose(
          at,
          "an empty url: copied as is",
          "1.0's TaskPushNotificationConfig.url is REQUIRED, and an empty string does not set it"
        );
      if (name !== "authentication" || value.t !== "obj") return [[name, value]];
      return [
        [
          name,
          this.mapMembers(value, at, (field, schemes, schemesAt) => {
            if (field !== "schemes" || schemes.t !== "arr") return [[field, schemes]];
            const [first, ...rest] = schemes.items;
            if (first === undefined) {
              this.lose(
                schemesAt,
                "an empty schemes list: copied as is",
                "1.0's AuthenticationInfo has one REQUIRED scheme, and there is none to carry over"
              );
              return [[field, schemes]];
            }
            if (stringOf(first) === "")
              this.lose(
                schemesAt,
                "an empty scheme: copied as is",
                "1.0's AuthenticationInfo.scheme is REQUIRED, and an empty string does not set it"
              );
            this.change(
              schemesAt,
              `"schemes": ${shortText(schemes)}`,
              `"scheme": ${shortText(first)}`,
              "1.0's AuthenticationInfo has one scheme, not a list (a2a.proto, AuthenticationInfo.scheme)"
            );
            if (rest.length > 0)
              this.lose(
                schemesAt,
                `schemes after the first (${rest.map(shortText).join(", ")}): dropped`,
                "1.0 names one scheme per push config"
              );
            return [["scheme", first]];
          })
        ]
      ];
    });
  }

  // 1.0 SendMessageRequest -> v0.3.0 MessageSendParams
  private paramsTo03(params: Out, pointer: string): Out {
    if (params.t !== "obj") return params;
    return this.mapMembers(params, pointer, (name, value, at) => {
      if (name === "tenant") {
        this.lose(
          at,
          "tenant: dropped",
          "v0.3.0 has no tenant; 1.0 added it for routing (a2a.proto, SendMessageRequest.tenant)"
        );
        return [];
      }
      if (name === "message") return [[name, this.messageTo03(value, at)]];
      if (name === "configuration") return [[name, this.configurationTo03(value, at)]];
      return [[name, value]];
    });
  }

  private messageTo03(message: Out, pointer: string): Out {
    if (message.t !== "obj") return message;
    this.change(
      pointer,
      "(no kind)",
      '"kind": "message"',
      'v0.3.0\'s Message requires kind "message" (schema #/definitions/Message/required)'
    );
    const converted = this.mapMembers(message, pointer, (name, value, at) => {
      // The kind is written first, once; a kind already there (1.0 ignores it) is not written twice.
      if (name === "kind") return [];
      const jsonName = PROTO_TO_JSON[name] ?? name;
      if (jsonName !== name)
        this.change(at, name, jsonName, "v0.3.0 knows only the JSON name; 1.0's ProtoJSON also reads the proto name");
      if (jsonName === "role") {
        const written = stringOf(value);
        const role = written === null ? undefined : {ROLE_USER: "user", ROLE_AGENT: "agent"}[written];
        if (role === undefined) {
          this.lose(at, `${shortText(value)} has no v0.3.0 role; copied as is`, 'v0.3.0 roles are "user" and "agent"');
          return [[jsonName, value]];
        }
        this.change(
          at,
          JSON.stringify(written),
          JSON.stringify(role),
          "v0.3.0 writes the role in lower case (schema #/definitions/Message/properties/role)"
        );
        return [[jsonName, lit(role)]];
      }
      if (jsonName === "parts" && value.t === "arr")
        return [
          [jsonName, {t: "arr", items: value.items.map((part, index) => this.partTo03(part, childPointer(at, index)))}]
        ];
      return [[jsonName, value]];
    });
    return converted.t === "obj" ? {t: "obj", members: [["kind", lit("message")], ...converted.members]} : converted;
  }

  private partTo03(part: Out, pointer: string): Out {
    if (part.t !== "obj") return part;
    const content = (["text", "raw", "url", "data"] as const).find(
      (name) =>
        get(part, name) !== undefined &&
        (get(part, name)!.t !== "lit" || (get(part, name) as {text: string}).text !== "null" || name === "data")
    );
    if (content === undefined) {
      this.lose(
        pointer,
        "a part with none of text, raw, url, data: copied as is",
        "there is no content to give a v0.3.0 kind"
      );
      return part;
    }
    const present = (value: Out | undefined) => (value?.t === "lit" && value.text === "null" ? undefined : value);
    const described: PartDescription = {
      mediaType: present(get(part, "mediaType", "media_type")),
      filename: present(get(part, "filename"))
    };
    const metadata = present(get(part, "metadata"));
    const value = get(part, content)!;
    const members =
      content === "text" || content === "data"
        ? this.inlinePartTo03(content, value, described, pointer)
        : this.filePartTo03(content, value, described, pointer);
    if (metadata !== undefined) members.push(["metadata", metadata]);
    this.dropUnknownPartMembers(part, pointer);
    return {t: "obj", members};
  }

  /** A text or data part keeps its content under a kind; v0.3.0 has nowhere to put a MIME type or name. */
  private inlinePartTo03(
    content: "text" | "data",
    value: Out,
    {mediaType, filename}: PartDescription,
    pointer: string
  ): [string, Out][] {
    this.change(pointer, `a part with ${content}`, `"kind": "${content}"`, "v0.3.0 parts say what they hold with kind");
    if (content === "data" && value.t !== "obj")
      this.lose(
        childPointer(pointer, "data"),
        `data ${shortText(value)} is not an object: copied as is`,
        "v0.3.0's DataPart.data is an object; 1.0's is any JSON value"
      );
    if (mediaType !== undefined)
      this.lose(
        childPointer(pointer, "mediaType"),
        "mediaType on a text or data part: dropped",
        "v0.3.0 gives only file parts a MIME type"
      );
    if (filename !== undefined)
      this.lose(
        childPointer(pointer, "filename"),
        "filename on a text or data part: dropped",
        "v0.3.0 gives only file parts a name"
      );
    return [
      ["kind", lit(content)],
      [content, value]
    ];
  }

  /** raw and url become a v0.3.0 file part, with the MIME type and name moved inside its file object. */
  private filePartTo03(
    content: "raw" | "url",
    value: Out,
    {mediaType, filename}: PartDescription,
    pointer: string
  ): [string, Out][] {
    const file: [string, Out][] = [];
    if (content === "raw") {
      file.push(["bytes", this.canonicalBytes(value, childPointer(pointer, "raw"))]);
      this.change(
        childPointer(pointer, "raw"),
        "raw",
        "file.bytes",
        "v0.3.0 puts a file's bytes inside a file object (FileWithBytes)"
      );
    } else {
      file.push(["uri", value]);
      this.change(
        childPointer(pointer, "url"),
        "url",
        "file.uri",
        "v0.3.0 puts a file's reference inside a file object (FileWithUri)"
      );
    }
    if (mediaType !== undefined) {
      file.push(["mimeType", mediaType]);
      this.change(
        childPointer(pointer, "mediaType"),
        "mediaType",
        "file.mimeType",
        "v0.3.0 calls it mimeType, inside the file object"
      );
    }
    if (filename !== undefined) {
      file.push(["name", filename]);
      this.change(
        childPointer(pointer, "filename"),
        "filename",
        "file.name",
        "v0.3.0 names the file inside the file object"
      );
    }
    return [
      ["kind", lit("file")],
      ["file", {t: "obj", members: file}]
    ];
  }

  /** Members 1.0's Part does not define were never validated, so they are reported, not carried over. */
  private dropUnknownPartMembers(part: Extract<Out, {t: "obj"}>, pointer: string): void {
    const known = new Set(["text", "raw", "url", "data", "mediaType", "media_type", "filename", "metadata"]);
    for (const [name] of part.members) {
      if (!known.has(name))
        this.lose(
          childPointer(pointer, name),
          `${name}: dropped`,
          "it is not a field of 1.0's Part (stage 4 did not validate it), so it has no place in a v0.3.0 part"
        );
    }
  }

  /** 1.0 reads URL-safe or unpadded base64; v0.3.0 (this lab) only canonical padded Base64. */
  private canonicalBytes(raw: Out, pointer: string): Out {
    const text = stringOf(raw);
    if (text === null) return raw;
    const decoded = decodeBase64(text, BASE64_LENIENT);
    if (!decoded.ok || decoded.departures.length === 0) return raw;
    const canonical = encodeBase64(decoded.bytes);
    this.change(
      pointer,
      JSON.stringify(text),
      JSON.stringify(canonical),
      "the same bytes in canonical padded Base64, which v0.3.0's lesson requires (RFC 4648 section 4)"
    );
    return lit(canonical);
  }

  private configurationTo03(configuration: Out, pointer: string): Out {
    return this.mapMembers(configuration, pointer, (name, value, at) => {
      if (name === "returnImmediately" || name === "return_immediately") {
        const flag = value.t === "lit" ? value.text : "";
        if (flag !== "true" && flag !== "false") return [[name, value]];
        const inverted = flag === "true" ? "false" : "true";
        this.change(
          at,
          `"${name}": ${flag}`,
          `"blocking": ${inverted}`,
          "v0.3.0's blocking means the opposite of 1.0's returnImmediately"
        );
        return [["blocking", {t: "lit", text: inverted}]];
      }
      if (name === "taskPushNotificationConfig" || name === "task_push_notification_config") {
        this.change(
          at,
          name,
          "pushNotificationConfig",
          "v0.3.0's MessageSendConfiguration holds a PushNotificationConfig"
        );
        return [["pushNotificationConfig", this.pushConfigTo03(value, at)]];
      }
      const jsonName = PROTO_TO_JSON[name] ?? name;
      if (jsonName !== name) this.change(at, name, jsonName, "v0.3.0 knows only the JSON name");
      if (jsonName === "historyLength") return [[jsonName, this.integerTo03(value, at)]];
      return [[jsonName, value]];
    });
  }

  /** ProtoJSON reads an integer from a string ("12"); v0.3.0's schema wants a JSON integer. */
  private integerTo03(value: Out, pointer: string): Out {
    const text = stringOf(value);
    if (text === null || !/^-?(?:0|[1-9][0-9]{0,8})$/.test(text)) return value;
    this.change(
      pointer,
      JSON.stringify(text),
      text,
      "ProtoJSON reads an int32 from a string; v0.3.0's schema types it as a JSON integer"
    );
    return {t: "lit", text: String(Number(text))};
  }

  private pushConfigTo03(config: Out, pointer: string): Out {
    return this.mapMembers(config, pointer, (name, value, at) => {
      if (name === "tenant" || name === "taskId" || name === "task_id") {
        this.lose(
          at,
          `${name}: dropped`,
          "v0.3.0's PushNotificationConfig has no tenant or task id; the task is the one the message creates or continues"
        );
        return [];
      }
      if (name !== "authentication" || value.t !== "obj") return [[name, value]];
      return [
        [
          name,
          this.mapMembers(value, at, (field, scheme, schemeAt) => {
            if (field !== "scheme") return [[field, scheme]];
            this.change(
              schemeAt,
              `"scheme": ${shortText(scheme)}`,
              `"schemes": [${shortText(scheme)}]`,
              "v0.3.0's authentication lists its schemes (PushNotificationAuthenticationInfo.schemes)"
            );
            return [["schemes", {t: "arr", items: [scheme]}]];
          })
        ]
      ];
    });
  }

  private mapMembers(
    object: Out,
    pointer: string,
    map: (name: string, value: Out, pointer: string) => [string, Out][]
  ): Out {
    if (object.t !== "obj") return object;
    const written = new Set<string>();
    const members: [string, Out][] = [];
    for (const [name, value] of object.members) {
      const at = childPointer(pointer, name);
      if (this.droppedNull(name, value, at)) continue;
      for (const [outName, outValue] of map(name, value, at)) {
        // Two source members can become one name (blocking beside returnImmediately): the first is kept.
        if (written.has(outName))
          this.lose(
            at,
            `${name}: dropped, since "${outName}" is already written`,
            "one object cannot hold a name twice"
          );
        else {
          written.add(outName);
          members.push([outName, outValue]);
        }
      }
    }
    return {t: "obj", members};
  }

  /** Into v0.3.0, a member written null goes: ProtoJSON reads null as "not set", the v0.3.0 schema refuses it. */
  droppedNull(name: string, value: Out, pointer: string): boolean {
    if (this.to !== "0.3" || value.t !== "lit" || value.text !== "null" || name === "data") return false;
    this.change(
      pointer,
      `"${name}": null`,
      "(removed)",
      "ProtoJSON reads null as not set; the v0.3.0 schema has no null for it"
    );
    return true;
  }
}

/** Proto names 1.0's ProtoJSON reads beside the JSON names, for the fields a SendMessageRequest's message and configuration have. */
const PROTO_TO_JSON: Readonly<Record<string, string>> = {
  message_id: "messageId",
  context_id: "contextId",
  task_id: "taskId",
  reference_task_ids: "referenceTaskIds",
  accepted_output_modes: "acceptedOutputModes",
  history_length: "historyLength"
};

/** The request `text` (written for `from`) rewritten for `to`, laid out as `text` was. */
export function translateRequest(text: string, from: MessageVersion, to: MessageVersion): Translation {
  if (from === to) return {ok: false, from, to, reason: `The request is already written for ${from}.`};
  const source = typeof text === "string" ? text : String(text);
  // The lab refuses such a text unparsed (-32000); so does the translation, before any work on it.
  if (exceedsRequestLimit(source))
    return {
      ok: false,
      from,
      to,
      reason: `The request is over the size limit (${MAX_REQUEST_BYTES.toLocaleString("en-US")} bytes of UTF-8), so it is not parsed; make it smaller first.`
    };
  const parsed = parseJson(source);
  if (!parsed.ok)
    return {ok: false, from, to, reason: `The request is not JSON (${parsed.error.message}); fix stage 1 first.`};
  const translator = new Translator(to);
  const root = outOf(parsed.value, source, (pointer) =>
    translator.lose(
      pointer,
      "a name given more than once: only the last kept",
      "JSON.parse keeps the last of duplicate names, and receivers disagree on which counts"
    )
  );
  const translated =
    root.t === "arr"
      ? {t: "arr" as const, items: root.items.map((item, index) => translator.request(item, childPointer("", index)))}
      : translator.request(root, "");
  const layout = textLayout(source);
  const written = serialize(translated, layout);
  return {
    ok: true,
    from,
    to,
    text: written,
    layout,
    size: sizeOf(translated, written, layout),
    changes: translator.changes,
    untranslatable: translator.untranslatable
  };
}

function sizeOf(translated: Out, written: string, layout: TextLayout): TranslationSize {
  const bytes = utf8ByteLength(written);
  const overLimit = bytes > MAX_REQUEST_BYTES;
  const oneLineBytes =
    overLimit && layout.multiline ? utf8ByteLength(serialize(translated, {...layout, multiline: false})) : null;
  return {bytes, limit: MAX_REQUEST_BYTES, overLimit, oneLineBytes};
}
