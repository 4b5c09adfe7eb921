/**
 * error.data as A2A 1.0 writes it (specification sections 3.3.2 and 9.5): "an array of
 * objects, each containing a `@type` key, using ProtoJSON Any representation", with the
 * google.rpc types where they apply: google.rpc.BadRequest for validation errors (its
 * fieldViolations name the field as the 9.5 example does, "message.parts", relative to params),
 * google.rpc.ErrorInfo otherwise (reason in UPPER_SNAKE_CASE, domain "a2a-protocol.org", as
 * the 9.5 example's TASK_NOT_FOUND; metadata values are strings). v0.3.0 left error.data free,
 * and lesson 2 keeps its own object there.
 */
import type {RpcError} from "./response.js";

const BAD_REQUEST = "type.googleapis.com/google.rpc.BadRequest";
const ERROR_INFO = "type.googleapis.com/google.rpc.ErrorInfo";
const DOMAIN = "a2a-protocol.org";

/** The ErrorInfo reason of each code: the error's name in section 9.5 and 5.4, without "Error". */
const REASONS: Readonly<Record<number, string>> = {
  [-32700]: "JSON_PARSE",
  [-32600]: "INVALID_REQUEST",
  [-32601]: "METHOD_NOT_FOUND",
  [-32602]: "INVALID_PARAMS",
  [-32603]: "INTERNAL",
  [-32009]: "VERSION_NOT_SUPPORTED",
  [-32000]: "REQUEST_TOO_LARGE"
};

interface Violation {
  pointer: string;
  message: string;
  accepted: string;
}

/** "/params/message/parts/0/raw" -> "message.parts[0].raw"; a pointer outside params keeps its first name ("id"). */
export function fieldPathOf(pointer: string): string {
  const tokens = pointer
    .split("/")
    .slice(1)
    .map((token) => token.replace(/~1/g, "/").replace(/~0/g, "~"));
  const inParams = tokens[0] === "params";
  const rest = inParams ? tokens.slice(1) : tokens;
  if (rest.length === 0) return inParams ? "params" : "";
  return rest
    .map((token, index) => (/^(0|[1-9][0-9]*)$/.test(token) ? `[${token}]` : index === 0 ? token : `.${token}`))
    .join("");
}

function stringValues(data: Record<string, unknown>): Record<string, string> {
  const metadata: Record<string, string> = {};
  for (const [key, value] of Object.entries(data))
    if (value !== undefined) metadata[key] = typeof value === "string" ? value : JSON.stringify(value);
  return metadata;
}

/** The same error with its data in A2A 1.0's shape. */
export function v1WireError(error: RpcError): RpcError {
  const reason = REASONS[error.code] ?? "UNKNOWN";
  const data = (error.data ?? {}) as Record<string, unknown>;
  const details: unknown[] = [];
  const {violations, ...rest} = data as {violations?: Violation[]};
  if (Array.isArray(violations)) {
    details.push({
      "@type": BAD_REQUEST,
      fieldViolations: violations.map((v) => ({
        field: fieldPathOf(v.pointer),
        description: `${v.message} Accepted: ${v.accepted}.`
      }))
    });
  }
  details.push({
    "@type": ERROR_INFO,
    reason,
    domain: DOMAIN,
    ...(Object.keys(rest).length > 0 ? {metadata: stringValues(rest)} : {})
  });
  return {code: error.code, message: error.message, data: details};
}
