/**
 * The message lab in the page URL, read and written with the shared
 * lesson-inputs permalinks. Three parameters:
 * - `version`: the A2A-Version header the request is sent with, "0.3" (omitted: the default)
 *   or "1.0";
 * - `example`: the menu entry (a choice field), omitted for the version's first example;
 * - `request`: an edited request text, as base64url (RFC 4648 section 5, no
 *   padding) of its UTF-8 bytes. It is written only when the text differs from
 *   the example's and fits in a link: at most MAX_LINKED_REQUEST_CHARACTERS
 *   characters of base64url, which is MAX_LINKED_REQUEST_BYTES bytes of UTF-8.
 *   Otherwise the link holds only the example, and writeMessageLink says why.
 * base64url keeps every character (newlines, quotes, non-ASCII) exact and the
 * link readable by any URL parser; UTF-8 is what a JSON text is sent as (RFC 8259
 * section 8.1).
 */
import type {FieldSpec} from "../lesson-inputs/fields.js";
import {PIN_PREFIX, readPermalink, writePermalink, type PermalinkNotice} from "../lesson-inputs/permalink.js";
import {readPinnedRun, writePinnedRun} from "../lesson-inputs/pinned-run.js";
import {decodeBase64, encodeBase64, type Base64Departure} from "../shared/base64.js";
import {
  DEFAULT_MESSAGE_VERSION,
  MESSAGE_VERSIONS,
  versionField,
  type MessageVersion
} from "../shared/message-version.js";
import {MESSAGE_EXAMPLES, messageExample, messageExamplesFor} from "./examples.js";
import {utf8ByteLength} from "./request-size.js";

/** Longest `request` parameter written or read: short enough for any browser, server log or chat message. */
export const MAX_LINKED_REQUEST_CHARACTERS = 2000;
/** The UTF-8 size that encodes to MAX_LINKED_REQUEST_CHARACTERS characters of base64url. */
export const MAX_LINKED_REQUEST_BYTES = (MAX_LINKED_REQUEST_CHARACTERS / 4) * 3;

export const MESSAGE_LINK_FIELDS: readonly FieldSpec[] = [
  versionField("Request", "The A2A-Version header the request is sent with.", "A2A-Version"),
  {
    kind: "choice",
    name: "example",
    label: "Example",
    group: "Request",
    options: MESSAGE_EXAMPLES.map((example) => ({value: example.id, label: example.title})),
    // A link that names only a version (carried from another lesson) opens that version's first example.
    defaultFollows: {
      field: "version",
      values: Object.fromEntries(MESSAGE_VERSIONS.map((version) => [version, messageExamplesFor(version)[0]!.id]))
    }
  },
  {
    kind: "text",
    name: "request",
    label: "Edited request (base64url of its UTF-8)",
    group: "Request",
    maxLength: MAX_LINKED_REQUEST_CHARACTERS
  }
];

export const MESSAGE_LINK_DEFAULTS: {version: string; example: string; request: string} = {
  version: DEFAULT_MESSAGE_VERSION,
  example: messageExamplesFor(DEFAULT_MESSAGE_VERSION)[0]!.id,
  request: ""
};

export interface MessageLinkState {
  /** The example the request was chosen from (and perhaps edited). */
  exampleId: string;
  requestText: string;
  /** The A2A-Version header it is sent with. */
  version: MessageVersion;
}

export interface MessageLinkReading extends MessageLinkState {
  /** Parameters the link had that could not be used, each with what is accepted. */
  notices: PermalinkNotice[];
}

export interface MessageLinkWriting {
  /** The query string ("" when everything is the default). */
  search: string;
  /** True when the link carries an edited request text. */
  carriesRequest: boolean;
  /** Why an edited request is not in the link, or null (it is, or there is no edit). */
  omittedReason: string | null;
}

export type LinkedRequestEncoding = {ok: true; parameter: string} | {ok: false; reason: string};
export type LinkedRequestDecoding = {ok: true; text: string} | {ok: false; problem: string};

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BASE64URL = /^[A-Za-z0-9_-]*$/;
/** base64url without padding, each text spelt one way: its pad bits zero (RFC 4648 section 3.5). */
const LINK_BASE64: readonly Base64Departure[] = ["url-safe", "unpadded"];
const SHOWN_VALUE_LENGTH = 80;
const encoder = new TextEncoder();
// fatal: malformed UTF-8 is refused, not repaired; ignoreBOM: a leading U+FEFF is kept, so the text round-trips.
const decoder = new TextDecoder("utf-8", {fatal: true, ignoreBOM: true});

/** The `request` parameter for a text, or why a link cannot carry it. */
export function encodeLinkedRequest(text: string): LinkedRequestEncoding {
  // Every code unit is at least one byte of UTF-8: a long text is refused without counting.
  if (text.length > MAX_LINKED_REQUEST_BYTES || utf8ByteLength(text) > MAX_LINKED_REQUEST_BYTES) {
    return {
      ok: false,
      reason: `the edited request (${text.length} characters) is more than ${MAX_LINKED_REQUEST_BYTES} bytes of UTF-8, the most a link carries`
    };
  }
  // An empty parameter is the field's default ("no edit"), so it cannot stand for an empty text.
  if (text === "") return {ok: false, reason: "the edited request is empty, and an empty parameter means no edit"};
  if (UNPAIRED_SURROGATE.test(text)) {
    return {ok: false, reason: "the edited request contains an unpaired surrogate, which UTF-8 cannot carry"};
  }
  return {
    ok: true,
    parameter: encodeBase64(encoder.encode(text)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "")
  };
}

/** The text a `request` parameter carries, or what is wrong with it. */
export function decodeLinkedRequest(parameter: string): LinkedRequestDecoding {
  if (parameter.length > MAX_LINKED_REQUEST_CHARACTERS)
    return {ok: false, problem: `it is ${parameter.length} characters, more than ${MAX_LINKED_REQUEST_CHARACTERS}`};
  if (!BASE64URL.test(parameter))
    return {ok: false, problem: "it has characters outside the base64url alphabet (A-Z a-z 0-9 - _)"};
  if (parameter.length % 4 === 1)
    return {ok: false, problem: "its length leaves one character over, which no byte sequence encodes to"};
  const decoded = decodeBase64(parameter, LINK_BASE64);
  // The only failure left is non-zero pad bits: each text has exactly one spelling.
  if (!decoded.ok) return {ok: false, problem: "its last character is not the canonical spelling (non-zero pad bits)"};
  try {
    return {ok: true, text: decoder.decode(decoded.bytes)};
  } catch {
    return {ok: false, problem: "the bytes it encodes are not valid UTF-8"};
  }
}

/** The example and request text a link asks for; a parameter that cannot be used becomes a notice. */
export function readMessageLink(search: string): MessageLinkReading {
  const {values, notices} = readPermalink(search, MESSAGE_LINK_FIELDS, MESSAGE_LINK_DEFAULTS);
  return {...stateFromValues(values, notices, "request"), notices};
}

export interface PinnedMessageReading {
  /** The pinned request of a comparison, or null when the link pins none. */
  pinned: MessageLinkState | null;
  notices: PermalinkNotice[];
}

/**
 * The pinned request of a comparison (lib/lesson-inputs/pinned-run.ts): `vs=baseline` pins the
 * first example, `vs.example` and `vs.request` pin another request, read exactly as the main ones.
 */
export function readPinnedMessage(search: string): PinnedMessageReading {
  const {pinned, notices} = readPinnedRun(search, MESSAGE_LINK_FIELDS, MESSAGE_LINK_DEFAULTS);
  return {pinned: pinned === null ? null : stateFromValues(pinned, notices, `${PIN_PREFIX}request`), notices};
}

export interface PinnedMessageWriting {
  /** The link parameters ("vs=baseline", or "vs.example=…&vs.request=…"); "" for none. */
  parameters: string;
  /** Why the pinned request's edit is not in the link (it then pins the example's own text), or null. */
  omittedReason: string | null;
}

export function writePinnedMessage(pinned: MessageLinkState | null): PinnedMessageWriting {
  if (pinned === null) return {parameters: "", omittedReason: null};
  const {values, omittedReason} = linkValues(pinned);
  return {parameters: writePinnedRun(values, MESSAGE_LINK_FIELDS, MESSAGE_LINK_DEFAULTS), omittedReason};
}

/** The state link values stand for; a `request` that does not decode adds a notice and leaves the example's text. */
function stateFromValues(
  values: typeof MESSAGE_LINK_DEFAULTS,
  notices: PermalinkNotice[],
  requestParameter: string
): MessageLinkState {
  const example = messageExample(values.example) ?? MESSAGE_EXAMPLES[0]!;
  // readPermalink has already replaced a version that is not one of the choices (with a notice).
  const version = MESSAGE_VERSIONS.find((known) => known === values.version) ?? DEFAULT_MESSAGE_VERSION;
  const state: MessageLinkState = {exampleId: example.id, requestText: example.requestText, version};
  if (values.request === "") return state;
  const decoded = decodeLinkedRequest(values.request);
  if (decoded.ok) {
    state.requestText = decoded.text;
  } else {
    const value =
      values.request.length > SHOWN_VALUE_LENGTH ? `${values.request.slice(0, SHOWN_VALUE_LENGTH)}…` : values.request;
    notices.push({
      parameter: requestParameter,
      value,
      problem: `request must be base64url (RFC 4648 section 5, no padding) of UTF-8 text, but ${decoded.problem}; the example's own text is used`
    });
  }
  return state;
}

/** The link for a state: the example unless it is the first, and the request text when it is edited and fits. */
export function writeMessageLink(state: MessageLinkState): MessageLinkWriting {
  const {values, omittedReason} = linkValues(state);
  return {
    search: writePermalink(values, MESSAGE_LINK_FIELDS, MESSAGE_LINK_DEFAULTS),
    carriesRequest: values.request !== "",
    omittedReason
  };
}

/** The link's values for a state, and why an edited request is left out of them (or null). */
function linkValues({exampleId, requestText, version}: MessageLinkState): {
  values: typeof MESSAGE_LINK_DEFAULTS;
  omittedReason: string | null;
} {
  const example = messageExample(exampleId) ?? MESSAGE_EXAMPLES[0]!;
  let request = "";
  let omittedReason: string | null = null;
  if (requestText !== example.requestText) {
    const encoded = encodeLinkedRequest(requestText);
    if (encoded.ok) request = encoded.parameter;
    else omittedReason = encoded.reason;
  }
  return {values: {version, example: example.id, request}, omittedReason};
}
