/**
 * The A2A 1.0.1 data model, read from the normative proto (a2aproject/A2A tag v1.0.1,
 * specification/a2a.proto; unmodified copy in data/spec/a2a-v1.0/) as the compact table
 * scripts/proto-table.ts writes from it with protobufjs. Checked here, where it enters, so a
 * table the validator cannot read fails loudly instead of passing values it skipped.
 */
import * as z from "zod/mini";
import tableFile from "../../data/message/spec/a2a-v1.0-table.json" with {type: "json"};

export const A2A_V1_VERSION = "1.0.1";
export const A2A_V1_PROTO_FILE = "data/spec/a2a-v1.0/a2a.proto";

/** The scalar types of proto3 and the google.protobuf types the ProtoJSON reader implements. */
export const SCALAR_TYPES = [
  "string",
  "bytes",
  "bool",
  "int32",
  "sint32",
  "sfixed32",
  "uint32",
  "fixed32",
  "int64",
  "sint64",
  "sfixed64",
  "uint64",
  "fixed64",
  "float",
  "double"
] as const;
export const WELL_KNOWN_TYPES = [
  "google.protobuf.Struct",
  "google.protobuf.Value",
  "google.protobuf.ListValue",
  "google.protobuf.Timestamp",
  "google.protobuf.Empty"
] as const;

const FieldSchema = z.object({
  name: z.string(),
  json: z.string(),
  type: z.string(),
  repeated: z.optional(z.literal(true)),
  mapKey: z.optional(z.string()),
  oneof: z.optional(z.string()),
  optional: z.optional(z.literal(true)),
  required: z.optional(z.literal(true))
});

const TableSchema = z.object({
  $comment: z.string(),
  source: z.string(),
  sha256: z.string(),
  package: z.string(),
  methods: z.array(z.object({name: z.string(), request: z.string(), response: z.string(), streaming: z.boolean()})),
  messages: z.record(z.string(), z.object({fields: z.array(FieldSchema)})),
  enums: z.record(z.string(), z.array(z.tuple([z.string(), z.int()])))
});

export type ProtoField = z.infer<typeof FieldSchema>;

export interface ProtoMessage {
  name: string;
  /** "lf.a2a.v1.Message" */
  fullName: string;
  fields: ProtoField[];
  /** Both ProtoJSON names of every field: the lowerCamelCase JSON name and the proto name. */
  byName: Map<string, ProtoField>;
}

export interface ProtoEnum {
  name: string;
  fullName: string;
  numberOf: Map<string, number>;
  names: string[];
}

export interface ProtoModel {
  packageName: string;
  methods: readonly {name: string; request: string; response: string; streaming: boolean}[];
  message(name: string): ProtoMessage;
  enumType(name: string): ProtoEnum;
}

/** Reads and checks a table; throws when a field's type is one the ProtoJSON reader does not implement. */
export function readProtoTable(data: unknown): ProtoModel {
  const table = TableSchema.parse(data);
  const messages = new Map<string, ProtoMessage>();
  const enums = new Map<string, ProtoEnum>();
  for (const [name, values] of Object.entries(table.enums)) {
    enums.set(name, {
      name,
      fullName: `${table.package}.${name}`,
      numberOf: new Map(values),
      names: values.map(([valueName]) => valueName)
    });
  }
  for (const [name, {fields}] of Object.entries(table.messages)) {
    const byName = new Map<string, ProtoField>();
    for (const field of fields) {
      byName.set(field.json, field);
      byName.set(field.name, field);
    }
    messages.set(name, {name, fullName: `${table.package}.${name}`, fields, byName});
  }
  for (const message of messages.values()) {
    for (const field of message.fields) {
      const known =
        (SCALAR_TYPES as readonly string[]).includes(field.type) ||
        (WELL_KNOWN_TYPES as readonly string[]).includes(field.type) ||
        (field.type.startsWith("message:") && messages.has(field.type.slice(8))) ||
        (field.type.startsWith("enum:") && enums.has(field.type.slice(5)));
      if (!known)
        throw new Error(
          `${A2A_V1_PROTO_FILE}: ${message.fullName}.${field.name} has type ${field.type}, which the ProtoJSON reader does not implement`
        );
    }
  }
  return {
    packageName: table.package,
    methods: table.methods,
    message(name) {
      const found = messages.get(name);
      if (!found) throw new Error(`${A2A_V1_PROTO_FILE}: no message ${name}`);
      return found;
    },
    enumType(name) {
      const found = enums.get(name);
      if (!found) throw new Error(`${A2A_V1_PROTO_FILE}: no enum ${name}`);
      return found;
    }
  };
}

/** The A2A 1.0.1 model every 1.0 check reads. */
export const A2A_V1: ProtoModel = readProtoTable(tableFile);

/** The JSON-RPC methods of A2A 1.0 (section 9.1: PascalCase, the proto service's rpc names). */
export const A2A_V1_METHODS: readonly string[] = A2A_V1.methods.map((method) => method.name);
