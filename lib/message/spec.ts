/**
 * The official A2A v0.3.0 JSON Schema (a2aproject/A2A, tag v0.3.0,
 * specification/json/a2a.json), read from the unmodified copy in
 * data/message/spec/ (see PROVENANCE.md there). Everything this lab says about
 * A2A shapes, method names and error messages is read from it, not restated.
 */
import schemaFile from "../../data/message/spec/a2a-v0.3.0.json" with {type: "json"};

export const A2A_VERSION = "0.3.0";

/** The schema document as plain data (draft-07, `definitions` only). */
export const a2aSchema: unknown = schemaFile;

/** The definition `name`, or undefined. */
export function a2aDefinition(name: string): Record<string, unknown> | undefined {
  const definitions = (schemaFile as {definitions?: Record<string, unknown>}).definitions;
  const found = definitions?.[name];
  return typeof found === "object" && found !== null ? (found as Record<string, unknown>) : undefined;
}

export interface A2AMethod {
  method: string;
  /** The definition declaring it, e.g. "GetTaskRequest". */
  definition: string;
}

/**
 * The request methods of A2A v0.3.0: the `method` const of every request
 * definition listed in the schema's A2ARequest union.
 */
export const A2A_REQUEST_METHODS: readonly A2AMethod[] = readRequestMethods();

function readRequestMethods(): A2AMethod[] {
  const union = a2aDefinition("A2ARequest")?.["anyOf"];
  if (!Array.isArray(union)) throw new Error("a2a-v0.3.0.json: A2ARequest.anyOf missing");
  return union.map((entry: unknown) => {
    const ref = (entry as {$ref?: unknown}).$ref;
    const name = typeof ref === "string" ? ref.replace("#/definitions/", "") : "";
    const method = (a2aDefinition(name)?.["properties"] as {method?: {const?: unknown}} | undefined)?.method?.const;
    if (typeof method !== "string") throw new Error(`a2a-v0.3.0.json: ${name} has no method const`);
    return {method, definition: name};
  });
}

/**
 * The default `message` the schema gives each JSON-RPC error class, e.g.
 * InvalidParamsError → "Invalid parameters".
 */
export function a2aErrorMessage(definition: string): string {
  const message = (a2aDefinition(definition)?.["properties"] as {message?: {default?: unknown}} | undefined)?.message
    ?.default;
  if (typeof message !== "string") throw new Error(`a2a-v0.3.0.json: ${definition}.message has no default`);
  return message;
}
