/**
 * An independent reading of the A2A 1.0.1 proto for tests: protobufjs parses the committed
 * proto, and its ProtoJSON extension decodes a value (ignoring unknown fields, as A2A 1.0.1
 * section 5.7 says implementations SHOULD); REQUIRED (google.api.field_behavior) is then checked
 * on the decoded message, by reading the options protobufjs parsed. No code of lib's is used.
 */
import {readFileSync} from "node:fs";
import protobuf from "protobufjs";
import protojson from "protobufjs/ext/protojson.js";

const protoText = readFileSync(new URL("../../data/spec/a2a-v1.0/a2a.proto", import.meta.url), "utf8");

function loadRoot(keepCase: boolean): protobuf.Root {
  const root = new protobuf.Root();
  const parsed = protobuf.parse(protoText, root, {keepCase});
  for (const name of parsed.imports ?? []) {
    const common = protobuf.common.get(name);
    if (common) root.addJSON(common.nested ?? {});
  }
  root.resolveAll();
  return root;
}

export const oracleRoot = loadRoot(false);

function isRequired(field: protobuf.Field): boolean {
  return (field.options?.["(google.api.field_behavior)"] ?? null) === "REQUIRED";
}

/** The first REQUIRED field that is not set, as a dotted path, or null. */
function missingRequired(type: protobuf.Type, message: Record<string, unknown>, path: string): string | null {
  for (const field of type.fieldsArray) {
    const value = message[field.name];
    const here = path === "" ? field.name : `${path}.${field.name}`;
    if (isRequired(field)) {
      const set = field.repeated
        ? Array.isArray(value) && value.length > 0
        : field.resolvedType instanceof protobuf.Type
          ? value !== null && value !== undefined
          : field.resolvedType instanceof protobuf.Enum
            ? value !== 0 && value !== undefined
            : field.type === "bytes"
              ? value instanceof Uint8Array && value.length > 0
              : field.type === "string"
                ? typeof value === "string" && value !== ""
                : value !== undefined;
      if (!set) return here;
    }
    if (field.resolvedType instanceof protobuf.Type && !field.resolvedType.fullName.startsWith(".google.protobuf.")) {
      const nested = field.resolvedType;
      const values = field.repeated
        ? ((value as unknown[] | undefined) ?? [])
        : value === null || value === undefined
          ? []
          : [value];
      for (const [index, item] of values.entries()) {
        const found = missingRequired(
          nested,
          item as Record<string, unknown>,
          field.repeated ? `${here}[${index}]` : here
        );
        if (found) return found;
      }
    }
  }
  return null;
}

export type OracleVerdict = {valid: true; message: Record<string, unknown>} | {valid: false; reason: string};

/** protobufjs's verdict on `value` as lf.a2a.v1.<typeName>. */
export function oracleVerdict(typeName: string, value: unknown): OracleVerdict {
  const type = oracleRoot.lookupType(`lf.a2a.v1.${typeName}`);
  let message: Record<string, unknown>;
  try {
    message = protojson.fromJson(type, value, {ignoreUnknownFields: true}) as unknown as Record<string, unknown>;
  } catch (thrown) {
    return {valid: false, reason: String(thrown)};
  }
  const missing = missingRequired(type, message, "");
  return missing === null ? {valid: true, message} : {valid: false, reason: `REQUIRED ${missing} not set`};
}

export {protoText};
