/**
 * What differs between the versions lesson 2 reads a request under, and between the two
 * operations the lab runs (sending a message; registering a push config), in one place: which
 * ids the envelope accepts, which method is dispatched, how params and parts are checked, what
 * the handler stores and answers, and how error.data is written. Everything else (JSON-RPC 2.0,
 * the six stages, correlation) is the same for all.
 */
import type {IdRule} from "./envelope.js";
import {v1WireError} from "./error-details.js";
import type {RequestContext} from "./finding.js";
import {handleMessageSend, type HandlerOutput} from "./handler.js";
import type {JsonObjectNode} from "../shared/json-nodes.js";
import type {MethodTable} from "./method.js";
import {checkParams, schemaParamsCheck, type ParamsCheck} from "./params.js";
import {checkParamsV1, protoParamsCheck} from "./params-v1.js";
import {decodeParts, type DecodedPart, type PartsVerdict} from "./parts.js";
import {decodePartsV1} from "./parts-v1.js";
import {handlePushConfig} from "./push-config.js";
import {A2A_V1, A2A_V1_PROTO_FILE, A2A_V1_VERSION} from "./proto-spec.js";
import type {RequestId} from "./request-id.js";
import type {RpcError} from "./response.js";
import {A2A_REQUEST_METHODS, A2A_VERSION} from "./spec.js";
import type {MessageVersion} from "../shared/message-version.js";

/** The operations the lab dispatches: lesson 2 sends a message; lesson 1 registers a push config. */
export type MessageOperation = "send-message" | "set-push-config";

interface VersionRules extends Omit<MethodTable, "dispatchedMethod"> {
  idRule: IdRule;
  /** The error as sent: v0.3.0 keeps the lab's data object, 1.0 writes its detail array. */
  wireError(error: RpcError): RpcError;
}

interface MethodRule {
  dispatchedMethod: string;
  /** What a valid params is, for the trace: "a valid MessageSendParams (A2A v0.3.0 schema)". */
  paramsName: string;
  /** Who defines the members params may hold: "the schema", "the proto". */
  paramsSource: string;
  checkParams: ParamsCheck;
  /** Stage 5, for params that passed stage 4; null when the method carries no parts. */
  decodeParts: ((params: JsonObjectNode, context: RequestContext) => PartsVerdict) | null;
  handle(
    params: JsonObjectNode,
    parts: readonly DecodedPart[],
    receiptNumber: number,
    context: RequestContext,
    requestId: RequestId | null
  ): HandlerOutput;
}

export type Dialect = VersionRules & MethodRule;

const isInteger = (id: Parameters<IdRule["accepts"]>[0]) => id.type === "number" && id.integer;

const V03: VersionRules = {
  version: "0.3",
  label: `A2A v${A2A_VERSION}`,
  chosenBy: 'A2A-Version "0.3", or no header: section 3.6.2 of A2A 1.0 reads an empty value as 0.3',
  methods: A2A_REQUEST_METHODS.map(({method, definition}) => ({
    method,
    declaredIn: `schema: #/definitions/${definition}`
  })),
  // The envelope's id is JSONRPCRequest's; each method's request definition narrows it further
  // (no null), and stage 4 says so (method-request-id.ts). @a2a-js/sdk 1.3.0's v0.3 handler reads
  // the same three types: dist/compat/v0_3/server/index.js, LegacyJsonRpcTransportHandler.isRequestValid.
  idRule: {
    accepts: (id) => id.type === "string" || id.type === "null" || isInteger(id),
    rule: "A2A v0.3.0 schema #/definitions/JSONRPCRequest/properties/id/type: a string, an integer or null, narrower than JSON-RPC 2.0 section 4, which also allows fractional numbers (SHOULD NOT)",
    accepted: "a string, an integer or null"
  },
  wireError: (error) => error
};

const V1: VersionRules = {
  version: "1.0",
  label: `A2A ${A2A_V1_VERSION}`,
  chosenBy: 'A2A-Version "1.0"',
  methods: A2A_V1.methods.map(({name, request}) => ({
    method: name,
    declaredIn: `${A2A_V1_PROTO_FILE}: rpc ${name}(${request})`
  })),
  // The 1.0.1 proto defines no JSON-RPC envelope, so JSON-RPC 2.0's id stands (null allowed,
  // discouraged). The SDK's 1.0 handler (dist/server/index.js, JsonRpcTransportHandler.isRequestValid)
  // also refuses fractions; the lab follows it, reading "integer" from the exact decimal (1.0 and
  // 1e2 are integers) where the SDK reads JSON.parse's double (so it refuses 1e400, read as Infinity).
  idRule: {
    accepts: (id) => id.type !== "number" || id.integer,
    rule: "The A2A 1.0.1 proto defines no JSON-RPC envelope, so JSON-RPC 2.0 section 4 types the id; the lab applies @a2a-js/sdk 1.3.0's rule (JsonRpcTransportHandler.isRequestValid, the same in its v0.3 handler): a string, an integer or null, so a fractional number (JSON-RPC 2.0 section 4: SHOULD NOT) is an invalid Request",
    accepted: "a string, an integer or null"
  },
  wireError: v1WireError
};

const METHODS: Readonly<Record<MessageVersion, Record<MessageOperation, MethodRule>>> = {
  "0.3": {
    "send-message": {
      dispatchedMethod: "message/send",
      paramsName: "a valid MessageSendParams (A2A v0.3.0 schema)",
      paramsSource: "the schema",
      checkParams,
      decodeParts,
      handle: (params, parts, receiptNumber, context, requestId) =>
        handleMessageSend(params, parts, receiptNumber, context.requestIndex, requestId, "0.3")
    },
    "set-push-config": {
      dispatchedMethod: "tasks/pushNotificationConfig/set",
      paramsName: "a valid TaskPushNotificationConfig (A2A v0.3.0 schema)",
      paramsSource: "the schema",
      checkParams: schemaParamsCheck(
        "tasks/pushNotificationConfig/set",
        "TaskPushNotificationConfig",
        "SetTaskPushNotificationConfigRequest"
      ),
      decodeParts: null,
      handle: (params, _parts, receiptNumber, context, requestId) =>
        handlePushConfig(params, context, receiptNumber, requestId, "0.3")
    }
  },
  "1.0": {
    "send-message": {
      dispatchedMethod: "SendMessage",
      paramsName: "a valid SendMessageRequest (A2A 1.0.1 proto, ProtoJSON)",
      paramsSource: "the proto",
      checkParams: checkParamsV1,
      decodeParts: decodePartsV1,
      handle: (params, parts, receiptNumber, context, requestId) =>
        handleMessageSend(params, parts, receiptNumber, context.requestIndex, requestId, "1.0")
    },
    "set-push-config": {
      dispatchedMethod: "CreateTaskPushNotificationConfig",
      paramsName: "a valid TaskPushNotificationConfig (A2A 1.0.1 proto, ProtoJSON)",
      paramsSource: "the proto",
      checkParams: protoParamsCheck("CreateTaskPushNotificationConfig", "TaskPushNotificationConfig"),
      decodeParts: null,
      handle: (params, _parts, receiptNumber, context, requestId) =>
        handlePushConfig(params, context, receiptNumber, requestId, "1.0")
    }
  }
};

const VERSIONS: Readonly<Record<MessageVersion, VersionRules>> = {"0.3": V03, "1.0": V1};

/** The rules for one version and operation. */
export function dialectFor(version: MessageVersion, operation: MessageOperation): Dialect {
  return {...VERSIONS[version], ...METHODS[version][operation]};
}
