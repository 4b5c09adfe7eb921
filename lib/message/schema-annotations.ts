/**
 * The v0.3.0 JSON Schema without the annotations nothing reads: description, title, examples and
 * $comment (the validator reads past every annotation, ANNOTATION_KEYWORDS; `default` stays, since
 * lib/message/spec.ts reads the error messages from it), removed where they are keywords and kept
 * where they are names (an AgentCard's `description` property stays). A page
 * bundle carries the schema this way, 57 KB of JSON down to 23 KB (scripts/bundle.ts); Node reads
 * the unmodified copy.
 */

/** The annotations a page's copy of the schema goes without. */
export const DROPPED_ANNOTATIONS: readonly string[] = ["description", "title", "examples", "$comment"];
/** Keywords whose value is a map of names to schemas. */
const SCHEMA_MAPS = new Set(["properties", "definitions", "patternProperties", "$defs"]);
/** Keywords whose value is a schema or a list of schemas. */
const SUBSCHEMAS = new Set([
  "items",
  "additionalItems",
  "additionalProperties",
  "not",
  "if",
  "then",
  "else",
  "contains",
  "propertyNames",
  "anyOf",
  "allOf",
  "oneOf"
]);

export function withoutAnnotations(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withoutAnnotations);
  if (schema === null || typeof schema !== "object") return schema;
  const kept: Record<string, unknown> = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (DROPPED_ANNOTATIONS.includes(keyword)) continue;
    if (SCHEMA_MAPS.has(keyword) && value !== null && typeof value === "object")
      kept[keyword] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutAnnotations(sub)]));
    else kept[keyword] = SUBSCHEMAS.has(keyword) ? withoutAnnotations(value) : value;
  }
  return kept;
}
