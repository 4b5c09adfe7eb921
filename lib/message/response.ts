/**
 * JSON-RPC 2.0 Response objects, written as the exact text the receiver sends.
 * Section 5: jsonrpc "2.0"; id the same value as the request's (written here
 * exactly as the request wrote it), or null when it could not be read; exactly
 * one of result or error. Error codes and messages are read from the A2A
 * v0.3.0 schema's error definitions.
 */
import type {RequestId} from "./request-id.js";
import {a2aDefinition, a2aErrorMessage} from "./spec.js";

export interface RpcError {
  code: number;
  message: string;
  data?: unknown;
}

function a2aErrorCode(definition: string): number {
  const code = (a2aDefinition(definition)?.["properties"] as {code?: {const?: unknown}} | undefined)?.code?.const;
  if (typeof code !== "number") throw new Error(`a2a-v0.3.0.json: ${definition}.code has no const`);
  return code;
}

export interface ErrorClass {
  code: number;
  message: string;
  /** The schema definition it comes from, or the rule that defines it. */
  source: string;
}

/**
 * A2A 1.0.1 section 5.4: VersionNotSupportedError is -32009. Neither the specification nor
 * the proto gives it a message; this is @a2a-js/sdk 1.3.0's default (A2A_ERROR_SPECS).
 */
export const VERSION_NOT_SUPPORTED: ErrorClass = {
  code: -32009,
  message: "Version not supported",
  source: "A2A 1.0.1 specification section 5.4 (VersionNotSupportedError)"
};

/** JSON-RPC 2.0 section 5.1 codes, with the messages A2A v0.3.0 gives them. */
export const PARSE_ERROR: ErrorClass = {
  code: a2aErrorCode("JSONParseError"),
  message: a2aErrorMessage("JSONParseError"),
  source: "#/definitions/JSONParseError"
};
export const INVALID_REQUEST: ErrorClass = {
  code: a2aErrorCode("InvalidRequestError"),
  message: a2aErrorMessage("InvalidRequestError"),
  source: "#/definitions/InvalidRequestError"
};
export const METHOD_NOT_FOUND: ErrorClass = {
  code: a2aErrorCode("MethodNotFoundError"),
  message: a2aErrorMessage("MethodNotFoundError"),
  source: "#/definitions/MethodNotFoundError"
};
export const INVALID_PARAMS: ErrorClass = {
  code: a2aErrorCode("InvalidParamsError"),
  message: a2aErrorMessage("InvalidParamsError"),
  source: "#/definitions/InvalidParamsError"
};
export const INTERNAL_ERROR: ErrorClass = {
  code: a2aErrorCode("InternalError"),
  message: a2aErrorMessage("InternalError"),
  source: "#/definitions/InternalError"
};
/**
 * JSON-RPC 2.0 section 5.1: -32000 to -32099 are implementation-defined server
 * errors; A2A v0.3.0 uses -32001 to -32007, so the lab's size limit uses -32000.
 */
export const REQUEST_TOO_LARGE: ErrorClass = {
  code: -32000,
  message: "Request too large",
  source: "JSON-RPC 2.0 section 5.1 (implementation-defined server error)"
};

export function rpcError(kind: ErrorClass, data?: unknown): RpcError {
  return data === undefined ? {code: kind.code, message: kind.message} : {code: kind.code, message: kind.message, data};
}

function idText(id: RequestId | null): string {
  return id === null ? "null" : id.lexeme;
}

/** `{"jsonrpc":"2.0","id":…,"error":{…}}` */
export function errorResponseText(id: RequestId | null, error: RpcError): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"error":${JSON.stringify(error)}}`;
}

/** `{"jsonrpc":"2.0","id":…,"result":…}`; `resultText` is already JSON. */
export function resultResponseText(id: RequestId, resultText: string): string {
  return `{"jsonrpc":"2.0","id":${idText(id)},"result":${resultText}}`;
}

/** JSON-RPC 2.0 section 6: the batch response is an array, and nothing at all when it would be empty. */
export function batchResponseText(responses: readonly string[]): string | null {
  return responses.length === 0 ? null : `[${responses.join(",")}]`;
}
