/**
 * What differs between the versions lesson 2 reads a request under, in one place: which ids
 * the envelope accepts, which method is dispatched, how params and parts are checked, the
 * handler's reply shape, and how error.data is written. Everything else (JSON-RPC 2.0, the six
 * stages, correlation) is the same for both.
 */
import type {IdRule} from "./envelope.js";
import {v1WireError} from "./error-details.js";
import type {RequestContext} from "./finding.js";
import type {DuplicateName, JsonNode, JsonObjectNode} from "./json-source.js";
import type {MethodTable} from "./method.js";
import {checkParams, type ParamsVerdict} from "./params.js";
import {checkParamsV1} from "./params-v1.js";
import {decodeParts, type PartsVerdict} from "./parts.js";
import {decodePartsV1} from "./parts-v1.js";
import {A2A_V1, A2A_V1_PROTO_FILE, A2A_V1_VERSION} from "./proto-spec.js";
import type {RpcError} from "./response.js";
import {A2A_REQUEST_METHODS, A2A_VERSION} from "./spec.js";
import type {MessageVersion} from "./version.js";

export interface Dialect extends MethodTable {
  idRule: IdRule;
  checkParams(request: JsonObjectNode, params: JsonNode | null, duplicates: DuplicateName[], context: RequestContext): ParamsVerdict;
  /** Stage 5, for params that passed stage 4. */
  decodeParts(params: JsonObjectNode, context: RequestContext): PartsVerdict;
  /** The error as sent: v0.3.0 keeps the lab's data object, 1.0 writes its detail array. */
  wireError(error: RpcError): RpcError;
}

const isInteger = (id: Parameters<IdRule["accepts"]>[0]) => id.type === "number" && id.integer;

const V03: Dialect = {
  version: "0.3",
  label: `A2A v${A2A_VERSION}`,
  chosenBy: 'A2A-Version "0.3", or no header: section 3.6.2 of A2A 1.0 reads an empty value as 0.3',
  dispatchedMethod: "message/send",
  methods: A2A_REQUEST_METHODS.map(({method, definition}) => ({method, declaredIn: `schema: #/definitions/${definition}`})),
  idRule: {
    accepts: (id) => id.type === "string" || isInteger(id),
    rule: "A2A v0.3.0 schema #/definitions/SendMessageRequest/properties/id/type (every request of A2ARequest types its id so): a string or an integer, narrower than JSON-RPC 2.0 section 4, which also allows null and fractional numbers",
    accepted: "a string or an integer"
  },
  checkParams,
  decodeParts,
  wireError: (error) => error
};

const V1: Dialect = {
  version: "1.0",
  label: `A2A ${A2A_V1_VERSION}`,
  chosenBy: 'A2A-Version "1.0"',
  dispatchedMethod: "SendMessage",
  methods: A2A_V1.methods.map(({name, request}) => ({method: name, declaredIn: `${A2A_V1_PROTO_FILE}: rpc ${name}(${request})`})),
  idRule: {
    accepts: (id) => id.type !== "number" || id.integer,
    rule: "No A2A 1.0.1 document narrows JSON-RPC 2.0's id; the lab applies @a2a-js/sdk 1.3.0's rule (JsonRpcTransportHandler.isRequestValid, in its 1.0 and its v0.3 handlers): a string, an integer or null, so a fractional number (JSON-RPC 2.0 section 4: SHOULD NOT) is an invalid Request",
    accepted: "a string, an integer or null"
  },
  checkParams: checkParamsV1,
  decodeParts: decodePartsV1,
  wireError: v1WireError
};

export const DIALECTS: Readonly<Record<MessageVersion, Dialect>> = {"0.3": V03, "1.0": V1};
