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
  | "batch-body"
  | "v1-examples-omit-message-id"
  | "v1-version-error-shape"
  | "v1-push-config-table"
  | "v1-artifact-update-index"
  | "v1-notification-token-header"
  | "v1-tasks-list";

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
const A2A_101 = "a2aproject/A2A tag v1.0.1 (commit 3303592588e388e62e0f69f701af531d2f4e3991)";
const A2A_100 = "a2aproject/A2A tag v1.0.0 (commit 173695755607e884aa9acf8ce4feed90e32727a1)";

export const SPEC_NOTES: Readonly<Record<SpecNoteId, SpecNote>> = {
  "examples-omit-message-kind": {
    id: "examples-omit-message-kind",
    title: "The spec's own message/send examples omit message.kind",
    conflict:
      'The schema\'s Message definition lists kind (const "message") as required, but none of the seven message/send request examples in the v0.3.0 specification (sections 9.2, 9.4, 9.5, 9.6, 9.7) has a kind member in params.message; the first request in 9.4 also puts messageId beside message instead of inside it, and the 9.5 and 9.6 examples contain // comments, so they are not JSON at all.',
    decision:
      "The schema decides: a message without kind stops at stage 4 with -32602, and the finding names #/definitions/Message/required.",
    why: 'The task pins the official schema as the judge of a valid message/send shape, and the schema is generated from the TypeScript types (readonly kind: "message") that the prose itself embeds. Accepting the examples would make the lab agree with prose that contradicts the normative types.',
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
      '#/definitions/Message/properties/parts is an array of Part with no minItems, so [] is valid against the v0.3.0 schema; the v0.3.0 prose (section 2, Core Concepts Summary) describes a Message as "containing one or more Parts", A2A 1.0.1 (docs/specification.md section 9.5) shows "At least one part is required" as an Invalid parameters error for message.parts, and the official test kit (a2aproject/a2a-tck, branch 0.3.x, test_empty_message_parts) marks rejecting it as mandatory.',
    decision:
      "Stage 4 passes (it reports the schema's verdict, so it agrees with any draft-07 validator); stage 5 then stops the request with -32602: there is no part to decode.",
    why: "Keeping stage 4 a faithful schema check keeps it testable against ajv, while the lab still follows the prose, A2A 1.0 and the test kit, which agree that a message needs content.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/Message/properties/parts`,
      `${A2A_030}: docs/specification.md section 2 (Message: "containing one or more Parts")`,
      'a2aproject/A2A tag v1.0.1 (commit 3303592588e388e62e0f69f701af531d2f4e3991): docs/specification.md section 9.5, error example "At least one part is required"',
      "a2aproject/a2a-tck branch 0.3.x (commit eb1f804c27ea25db8805264d9ed2d7ca077a7776): tests/optional/features/test_invalid_business_logic.py, test_empty_message_parts"
    ]
  },
  "file-bytes-and-uri": {
    id: "file-bytes-and-uri",
    title: "A file with both bytes and uri passes the schema",
    conflict:
      'FilePart.file is anyOf [FileWithBytes, FileWithUri] and neither definition forbids other members, so an object with both bytes and uri matches both; the official TypeScript types forbid it (FileWithBytes has uri?: never, FileWithUri has bytes?: never: "must be absent when ... is present").',
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
      "JSON-RPC 2.0 section 4 and the v0.3.0 prose (section 6.11.1) allow a String, Number or null id (numbers SHOULD NOT have fractions, null is discouraged), and the v0.3.0 schema's JSONRPCRequest types it string, integer or null; but every request of the schema's A2ARequest union, SendMessageRequest among them, types its id as string or integer only, so a message/send with id null is a JSONRPCRequest and not a SendMessageRequest. The A2A 1.0.1 proto defines no JSON-RPC envelope, so JSON-RPC's id stands. @a2a-js/sdk 1.3.0 accepts a string, an integer or null and refuses a fractional id in both its handlers; it does not apply SendMessageRequest's narrowing (its v0.3 handler answers a message/send with id null, with id null), and its 1.0 handler answers an invalid Request -32602 (RequestMalformedError, reason INVALID_PARAMS), not JSON-RPC's -32600.",
    decision:
      "Stage 2 reads any JSON-RPC id, then applies the version's envelope rule: under 0.3 JSONRPCRequest's (string, integer or null), under 1.0 the SDK's (the same). An id that fails it (1.5) is answered -32600 Invalid Request, with the id as read, as both SDK handlers echo it. A null id passes with JSON-RPC's note: it is a request, not a notification (that has no id member), and it is answered with id null. Under 0.3, stage 4 checks the request against its method's definition: SendMessageRequest's id (string or integer) refuses null, answered -32600 with id null. Under 1.0 nothing narrows it: the request is handled and answered with id null.",
    why: "The id is a member of the Request object, not of params, so a wrong id makes the Request invalid (-32600, the schema's InvalidRequestError, \"Request payload validation error\"), not its params (-32602). Null fails no envelope rule, only message/send's own definition, which is known once the method is (stage 3), so the stage that applies that definition reports it, with the schema's words. JSON-RPC 2.0 section 5 says an error response carries null only when the server could not detect the id; a fractional id was read, and echoing it lets the client match the error to the request it sent (the SDK also echoes an id it cannot read, such as true; the lab sends null there, as section 5 says).",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/JSONRPCRequest/properties/id, #/definitions/SendMessageRequest/properties/id, #/definitions/A2ARequest and #/definitions/InvalidRequestError`,
      `${A2A_030}: docs/specification.md section 6.11.1`,
      `${A2A_101}: specification/a2a.proto (no JSON-RPC envelope)`,
      "@a2a-js/sdk 1.3.0 (npm): dist/server/index.js (src/server/transports/jsonrpc/jsonrpc_transport_handler.ts: isRequestValid, and JSON_RPC_ERROR_CODE.RequestMalformedError = -32602) and dist/compat/v0_3/server/index.js (src/compat/v0_3/server/transports/jsonrpc/jsonrpc_transport_handler.ts: isRequestValid)",
      "JSON-RPC 2.0 sections 4, 4.1 and 5"
    ]
  },
  "notification-without-id": {
    id: "notification-without-id",
    title: "A message/send without id",
    conflict:
      'SendMessageRequest lists id as required, but JSON-RPC 2.0 section 4.1 and the v0.3.0 prose (section 6.11.1: "If it is not included it is assumed to be a notification") make a request without id a notification, which the server must not answer.',
    decision:
      "The lab follows JSON-RPC: a message/send without id is a notification; it runs through the stages and the handler, and no response is sent, not even for an error.",
    why: "If the lab rejected it at stage 4 the client would see exactly the same silence; running it shows what the lesson is about: the receiver may have a receipt while the client can confirm nothing.",
    sources: [
      `${A2A_030}: specification/json/a2a.json, #/definitions/SendMessageRequest/required`,
      `${A2A_030}: docs/specification.md section 6.11.1`,
      "JSON-RPC 2.0 section 4.1"
    ]
  },
  "batch-body": {
    id: "batch-body",
    title: "Batches are JSON-RPC, not A2A",
    conflict:
      "JSON-RPC 2.0 section 6 defines batches (an array of requests), but A2A v0.3.0 section 7 says the HTTP body MUST be a JSONRPCRequest object, and the schema has no batch definition.",
    decision:
      "The lab accepts batches as JSON-RPC 2.0 defines them, element by element, and notes that an A2A server need not.",
    why: "Batches show the correlation problem most clearly: several responses, some requests without any, matched only by id.",
    sources: ["JSON-RPC 2.0 section 6", `${A2A_030}: docs/specification.md section 7`]
  },
  "v1-examples-omit-message-id": {
    id: "v1-examples-omit-message-id",
    title: "1.0's own examples omit the REQUIRED messageId",
    conflict:
      'The 1.0.1 proto marks Message.message_id REQUIRED, and specification section 5.7 says required fields MUST be present and set; but the request examples of sections 4.6.1 (extensions) and 11.2 (service parameters) have no messageId, nor has the agent\'s message in the 6.3 response; the 6.7 file-upload request is not JSON at all (a comma missing after raw, one too many after mediaType, and raw ends in "...", which is not base64); and the 11.2 example sends a 1.0-shaped body (ROLE_USER, no kind) with A2A-Version: 0.3.',
    decision:
      "The proto decides: a 1.0 message without messageId stops at stage 4 with -32602, and the finding names lf.a2a.v1.Message.message_id REQUIRED.",
    why: "The specification makes the proto the normative data model (section 1.4) and its REQUIRED annotations binding (section 5.7); an example cannot relax them.",
    sources: [
      `${A2A_101}: specification/a2a.proto, message Message`,
      `${A2A_101}: docs/specification.md sections 1.4, 4.6.1, 5.7, 6.3, 6.7 and 11.2`
    ]
  },
  "v1-version-error-shape": {
    id: "v1-version-error-shape",
    title: "The version error: section 6.4 still shows Problem Details",
    conflict:
      "Section 6.4 (Version Negotiation Error) answers an unsupported A2A-Version with Content-Type application/problem+json and an RFC 9457 body (type, title, status, detail); but whats-new-v1.md section 7 says 1.0 replaced Problem Details with google.rpc.Status and application/json, with a google.rpc.ErrorInfo whose reason is UPPER_SNAKE_CASE and domain a2a-protocol.org; and for JSON-RPC, section 9.5 puts the details in error.data as an array of @type objects.",
    decision:
      'Lesson 2 is the JSON-RPC binding: -32009 (section 5.4) with error.data [{"@type": "type.googleapis.com/google.rpc.ErrorInfo", "reason": "VERSION_NOT_SUPPORTED", "domain": "a2a-protocol.org", …}], the message "Version not supported" as @a2a-js/sdk 1.3.0 writes it.',
    why: "Sections 5.4 and 9.5 are the binding's rules, and whats-new-v1.md says the 6.4 shape is the one 1.0 left behind.",
    sources: [
      `${A2A_101}: docs/specification.md sections 5.4, 6.4 and 9.5`,
      `${A2A_101}: docs/whats-new-v1.md, 7. Standardized Error Handling via google.rpc.Status`
    ]
  },
  "v1-push-config-table": {
    id: "v1-push-config-table",
    title: "Section 4.3.1 points to a PushNotificationConfig the proto no longer has",
    conflict:
      'Specification section 4.3.1 is headed PushNotificationConfig and renders its table from the proto (proto_to_table("PushNotificationConfig")), but the 1.0.1 proto has no such message: the push config is the flat TaskPushNotificationConfig {tenant, id, taskId, url, token, authentication {scheme, credentials}}, where v0.3.0 had pushNotificationConfig with authentication.schemes[].',
    decision:
      "The lab reads the push config as the proto's TaskPushNotificationConfig, in a SendMessageConfiguration's taskPushNotificationConfig and as CreateTaskPushNotificationConfig's params.",
    why: "The proto is the normative data model; a heading that names a removed message is a leftover.",
    sources: [
      `${A2A_101}: docs/specification.md section 4.3.1`,
      `${A2A_101}: specification/a2a.proto, message TaskPushNotificationConfig and rpc CreateTaskPushNotificationConfig`
    ]
  },
  "v1-artifact-update-index": {
    id: "v1-artifact-update-index",
    title: "What's new in 1.0 describes an artifact update the proto does not have",
    conflict:
      'whats-new-v1.md shows the artifact update wrapped as {"taskArtifactUpdate": {…, "index": 0}} and lists index as new; the 1.0.1 proto\'s StreamResponse member is artifact_update (ProtoJSON: artifactUpdate), and TaskArtifactUpdateEvent has task_id, context_id, artifact, append, last_chunk and metadata, no index.',
    decision:
      'The lab writes and checks push bodies as the proto\'s StreamResponse: {"artifactUpdate": …} with no index (one would be an unknown field, noted, not validated).',
    why: "whats-new-v1.md is a migration guide; the proto is normative.",
    sources: [
      `${A2A_101}: docs/whats-new-v1.md, the artifact update example`,
      `${A2A_101}: specification/a2a.proto, messages StreamResponse and TaskArtifactUpdateEvent`
    ]
  },
  "v1-notification-token-header": {
    id: "v1-notification-token-header",
    title: "The push example's X-A2A-Notification-Token header is gone in 1.0.1",
    conflict:
      "The 1.0.0 specification's push notification example (section 6.6) sends the config's token in an X-A2A-Notification-Token header; 1.0.1 removed it (a2aproject/A2A PR #1793, \"align push notification auth examples with protocol behavior\"), since no section defines that header. Real senders differ: @a2a-js/sdk 1.3.0 sends the token in X-A2A-Notification-Token when the config has no authentication (with a scheme and credentials it sends an Authorization header instead: DefaultPushNotificationSender._buildAuthHeaders), others an Authorization header built from authentication.",
    decision:
      "Lesson 1's sender presets say which header each real sender uses (lib/delivery/sender-presets.ts); the lab claims no header is standard.",
    why: "1.0.1 defines no token header, and what receivers must read is what senders really send.",
    sources: [
      `${A2A_100}: docs/specification.md section 6.6`,
      `${A2A_101}: docs/specification.md section 6.6`,
      "a2aproject/A2A commit dc7cf37a (PR #1793)",
      "@a2a-js/sdk 1.3.0 (npm): dist/server/index.js, DefaultPushNotificationSender (tokenHeaderName, _buildAuthHeaders)"
    ]
  },
  "v1-tasks-list": {
    id: "v1-tasks-list",
    title: "What's new in 1.0 names a tasks/list that v0.3.0 never had",
    conflict:
      "whats-new-v1.md heads a section \"List Tasks (tasks/list → ListTasks)\", but the v0.3.0 schema's A2ARequest union has no tasks/list, and @a2a-js/sdk 1.3.0's table of v0.3 names (LEGACY_JSONRPC_TO_V1) has none either.",
    decision:
      "The lab treats ListTasks as new in 1.0: translating it to v0.3.0 names it as not carried over, and tasks/list is not a v0.3.0 method.",
    why: "The v0.3.0 schema is the judge of v0.3.0's methods.",
    sources: [
      `${A2A_101}: docs/whats-new-v1.md, List Tasks`,
      `${A2A_030}: specification/json/a2a.json, #/definitions/A2ARequest`,
      "@a2a-js/sdk 1.3.0 (npm): src/compat/v0_3/constants.ts"
    ]
  }
};
