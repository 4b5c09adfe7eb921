/**
 * Places where the pinned specifications disagree with themselves or with each
 * other, the lab's behaviour for each, and why. Sources are cited by tag,
 * commit and section so a reader can check them.
 */

export type SpecNoteId =
  | "examples-omit-message-kind"
  | "empty-parts"
  | "file-bytes-and-uri"
  | "id-type"
  | "notification-without-id"
  | "batch-body";

export interface SpecNote {
  id: SpecNoteId;
  title: string;
  /** What disagrees with what. */
  conflict: string;
  /** What this lab does. */
  decision: string;
  why: string;
  sources: string[];
}

const A2A_030 = "a2aproject/A2A tag v0.3.0 (commit 8d57eba286de756176892518a8fc39b0ac2ccefb)";

export const SPEC_NOTES: Readonly<Record<SpecNoteId, SpecNote>> = {
  "examples-omit-message-kind": {
    id: "examples-omit-message-kind",
    title: "The spec's own message/send examples omit message.kind",
    conflict:
      "The schema's Message definition lists kind (const \"message\") as required, but none of the seven message/send request examples in the v0.3.0 specification (sections 9.2, 9.4, 9.5, 9.6, 9.7) has a kind member in params.message; the first request in 9.4 also puts messageId beside message instead of inside it, and the 9.5 and 9.6 examples contain // comments, so they are not JSON at all.",
    decision: "The schema decides: a message without kind stops at stage 4 with -32602, and the finding names #/definitions/Message/required.",
    why: "The task pins the official schema as the judge of a valid message/send shape, and the schema is generated from the TypeScript types (readonly kind: \"message\") that the prose itself embeds. Accepting the examples would make the lab agree with prose that contradicts the normative types.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/Message/required`,
      `${A2A_030}: docs/specification.md sections 9.2, 9.4, 9.5, 9.6, 9.7 (copied in data/message/spec-examples.json)`,
      `${A2A_030}: types/src/types.ts, interface Message`
    ]
  },
  "empty-parts": {
    id: "empty-parts",
    title: "An empty parts array passes the schema",
    conflict:
      "#/definitions/Message/properties/parts is an array of Part with no minItems, so [] is valid against the v0.3.0 schema; the v0.3.0 prose (section 2, Core Concepts Summary) describes a Message as \"containing one or more Parts\", A2A 1.0.1 (docs/specification.md section 9.5) shows \"At least one part is required\" as an Invalid parameters error for message.parts, and the official test kit (a2aproject/a2a-tck, branch 0.3.x, test_empty_message_parts) marks rejecting it as mandatory.",
    decision: "Stage 4 passes (it reports the schema's verdict, so it agrees with any draft-07 validator); stage 5 then stops the request with -32602: there is no part to decode.",
    why: "Keeping stage 4 a faithful schema check keeps it testable against ajv, while the lab still follows the prose, A2A 1.0 and the test kit, which agree that a message needs content.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/Message/properties/parts`,
      `${A2A_030}: docs/specification.md section 2 (Message: "containing one or more Parts")`,
      "a2aproject/A2A tag v1.0.1 (commit 3303592588e388e62e0f69f701af531d2f4e3991): docs/specification.md section 9.5, error example \"At least one part is required\"",
      "a2aproject/a2a-tck branch 0.3.x (commit eb1f804c27ea25db8805264d9ed2d7ca077a7776): tests/optional/features/test_invalid_business_logic.py, test_empty_message_parts"
    ]
  },
  "file-bytes-and-uri": {
    id: "file-bytes-and-uri",
    title: "A file with both bytes and uri passes the schema",
    conflict:
      "FilePart.file is anyOf [FileWithBytes, FileWithUri] and neither definition forbids other members, so an object with both bytes and uri matches both; the official TypeScript types forbid it (FileWithBytes has uri?: never, FileWithUri has bytes?: never: \"must be absent when ... is present\").",
    decision: "Stage 4 passes (the schema's verdict); stage 5 rejects the part with -32602.",
    why: "The types are the source the schema was generated from, and their comments state the rule in words; a receiver cannot know which of two contents the sender meant.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/FilePart/properties/file`,
      `${A2A_030}: types/src/types.ts, interfaces FileWithBytes and FileWithUri`
    ]
  },
  "id-type": {
    id: "id-type",
    title: "The request id: JSON-RPC allows more than A2A",
    conflict:
      "JSON-RPC 2.0 section 4 and the v0.3.0 prose (section 6.11.1) allow a String, Number or null id (numbers SHOULD NOT have fractions, null is discouraged), and the v0.3.0 schema's JSONRPCRequest agrees (string, integer, null); but every request of the schema's A2ARequest union, SendMessageRequest among them, types its id as string or integer only. No A2A 1.0.1 document narrows JSON-RPC's id, while @a2a-js/sdk 1.3.0 refuses a fractional id under both versions (JsonRpcTransportHandler.isRequestValid accepts a string, an integer or null, in its 1.0 handler and in its v0.3 compat handler).",
    decision: "Stage 2 reads any JSON-RPC id, then applies the version's narrower rule: under 0.3 the schema's (string or integer), under 1.0 the SDK's (string, integer or null). An id that fails it is answered -32600 Invalid Request, and the error response carries the id as read (1.5), as @a2a-js/sdk does (it answers with rpcRequest.id).",
    why: "The id is a member of the Request object, not of params, so a wrong id makes the Request invalid (-32600), not its params (-32602). JSON-RPC 2.0 section 5 says an error response carries null only when the server could not detect the id; this id was read, and echoing it lets the client match the error to the request it sent.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/SendMessageRequest/properties/id, #/definitions/A2ARequest and #/definitions/JSONRPCRequest/properties/id`,
      `${A2A_030}: docs/specification.md section 6.11.1`,
      "@a2a-js/sdk 1.3.0 (npm): src/server/transports/jsonrpc/jsonrpc_transport_handler.ts and src/compat/v0_3/server/transports/jsonrpc/jsonrpc_transport_handler.ts, isRequestValid",
      "JSON-RPC 2.0 sections 4 and 5"
    ]
  },
  "notification-without-id": {
    id: "notification-without-id",
    title: "A message/send without id",
    conflict:
      "SendMessageRequest lists id as required, but JSON-RPC 2.0 section 4.1 and the v0.3.0 prose (section 6.11.1: \"If it is not included it is assumed to be a notification\") make a request without id a notification, which the server must not answer.",
    decision: "The lab follows JSON-RPC: a message/send without id is a notification; it runs through the stages and the handler, and no response is sent, not even for an error.",
    why: "If the lab rejected it at stage 4 the client would see exactly the same silence; running it shows what the lesson is about: the receiver may have a receipt while the client can confirm nothing.",
    sources: [`${A2A_030}: specification/json/a2a.json, #/definitions/SendMessageRequest/required`, `${A2A_030}: docs/specification.md section 6.11.1`, "JSON-RPC 2.0 section 4.1"]
  },
  "batch-body": {
    id: "batch-body",
    title: "Batches are JSON-RPC, not A2A",
    conflict: "JSON-RPC 2.0 section 6 defines batches (an array of requests), but A2A v0.3.0 section 7 says the HTTP body MUST be a JSONRPCRequest object, and the schema has no batch definition.",
    decision: "The lab accepts batches as JSON-RPC 2.0 defines them, element by element, and notes that an A2A server need not.",
    why: "Batches show the correlation problem most clearly: several responses, some requests without any, matched only by id.",
    sources: ["JSON-RPC 2.0 section 6", `${A2A_030}: docs/specification.md section 7`]
  }
};
