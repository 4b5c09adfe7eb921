import fc from "fast-check";
import Ajv from "ajv";
import {describe, expect, test} from "vitest";
import {
  ANNOTATION_KEYWORDS,
  IMPLEMENTED_KEYWORDS,
  UnsupportedSchemaError,
  compileSchema,
  keywordsReachable,
  validateNode
} from "../../lib/message/schema-validator.js";
import {parseJson} from "../../lib/message/json-source.js";
import type {JsonNode} from "../../lib/shared/json-nodes.js";
import {validateMessageSendParams} from "../../lib/message/params.js";
import {officialSchema, officialValidator} from "./official-schema.js";

function node(text: string): JsonNode {
  const result = parseJson(text);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function verdict(schema: object, text: string): boolean {
  return validateNode(compileSchema({definitions: {S: schema}}, "#/definitions/S"), node(text)).valid;
}

describe("the schema interpreter", () => {
  test("every keyword reachable from MessageSendParams is implemented or an annotation", () => {
    const used = keywordsReachable(officialSchema, "#/definitions/MessageSendParams");
    const known = [...IMPLEMENTED_KEYWORDS, ...ANNOTATION_KEYWORDS];
    expect(used.filter((k) => !known.includes(k))).toEqual([]);
    // The subgraph really uses these (so the interpreter is exercised on them).
    for (const k of [
      "$ref",
      "type",
      "properties",
      "required",
      "additionalProperties",
      "items",
      "enum",
      "const",
      "anyOf"
    ])
      expect(used).toContain(k);
  });

  test("compiling the official MessageSendParams succeeds; compiling every definition either succeeds or names the keyword", () => {
    expect(() => compileSchema(officialSchema, "#/definitions/MessageSendParams")).not.toThrow();
    const definitions = Object.keys((officialSchema as {definitions: object}).definitions);
    for (const name of definitions) {
      try {
        compileSchema(officialSchema, `#/definitions/${name}`);
      } catch (error) {
        expect(error).toBeInstanceOf(UnsupportedSchemaError);
      }
    }
  });

  test.each([
    [{pattern: "^a"}, "pattern"],
    [{type: "string", minLength: 1}, "minLength"],
    [{properties: {a: {format: "uri"}}}, "format"],
    [{not: {type: "string"}}, "not"],
    [{items: [{type: "string"}]}, "items"],
    [{$ref: "#/definitions/T", type: "string"}, "type"],
    [{$ref: "http://example.com/schema"}, "$ref"],
    [{type: "text"}, "type"],
    [{minItems: 1}, "minItems"]
  ])("fails loudly on %j", (schema, keyword) => {
    const root = {definitions: {S: schema, T: {}}};
    let thrown: unknown;
    try {
      compileSchema(root, "#/definitions/S");
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(UnsupportedSchemaError);
    expect((thrown as UnsupportedSchemaError).keyword).toBe(keyword);
  });

  test("'integer' is read from the lexeme (draft-07: a number with a zero fractional part)", () => {
    const schema = {type: "integer"};
    expect(verdict(schema, "1")).toBe(true);
    expect(verdict(schema, "1.0")).toBe(true);
    expect(verdict(schema, "-0")).toBe(true);
    expect(verdict(schema, "1e3")).toBe(true);
    expect(verdict(schema, "1.5")).toBe(false);
    expect(verdict(schema, '"1"')).toBe(false);
    // Where a double cannot hold the value, the lexeme decides; ajv, fed JSON.parse output, decides otherwise.
    expect(verdict(schema, "12345678901234567890.5")).toBe(false);
    expect(new Ajv().compile(schema)(JSON.parse("12345678901234567890.5"))).toBe(true);
    expect(verdict(schema, "1e400")).toBe(true);
    expect(new Ajv().compile(schema)(JSON.parse("1e400"))).toBe(false);
  });

  test("required, properties and additionalProperties apply to objects only", () => {
    expect(verdict({required: ["a"]}, "5")).toBe(true);
    expect(verdict({required: ["a"]}, "{}")).toBe(false);
    expect(verdict({properties: {a: {type: "string"}}}, "[1]")).toBe(true);
    expect(verdict({additionalProperties: false}, '{"a":1}')).toBe(false);
    expect(verdict({items: {type: "string"}}, '{"a":1}')).toBe(true);
  });

  test("const and enum compare JSON values, numbers by value", () => {
    expect(verdict({const: 1}, "1.0")).toBe(true);
    expect(verdict({const: 1}, '"1"')).toBe(false);
    expect(verdict({const: {a: [1, "x"]}}, '{"a": [1e0, "x"]}')).toBe(true);
    expect(verdict({const: {a: 1}}, '{"a": 1, "b": 2}')).toBe(false);
    expect(verdict({enum: ["agent", "user"]}, '"user"')).toBe(true);
    expect(verdict({enum: ["agent", "user"]}, '"User"')).toBe(false);
  });

  test("anyOf, oneOf, allOf, boolean schemas and $ref agree with ajv on random values", () => {
    const definitions = {
      A: {type: "object", properties: {kind: {const: "a"}, n: {type: "integer"}}, required: ["kind"]},
      B: {type: "object", properties: {kind: {const: "b"}, s: {type: "string"}}, required: ["kind", "s"]},
      N: {type: ["number", "null"]},
      Any: {anyOf: [{$ref: "#/definitions/A"}, {$ref: "#/definitions/B"}, {type: "string"}]},
      One: {oneOf: [{type: "integer"}, {type: "number"}, {type: "string", enum: ["x", "y"]}]},
      All: {allOf: [{type: "object"}, {required: ["kind"]}, {properties: {kind: {enum: ["a", "b"]}}}]},
      Bool: {type: "object", properties: {yes: true, no: false}, additionalProperties: {$ref: "#/definitions/N"}},
      List: {type: "array", items: {$ref: "#/definitions/Any"}}
    };
    const ajv = new Ajv({strict: false});
    ajv.addSchema({definitions}, "t");
    const value = fc.oneof(
      fc.jsonValue({maxDepth: 3}),
      fc.record(
        {
          kind: fc.constantFrom("a", "b", "c"),
          n: fc.oneof(fc.integer(), fc.double({noNaN: true, noDefaultInfinity: true})),
          s: fc.oneof(fc.string(), fc.integer())
        },
        {requiredKeys: []}
      ),
      fc.array(fc.record({kind: fc.constantFrom("a", "b"), s: fc.string()}, {requiredKeys: ["kind"]}))
    );
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(definitions)), value, (name, v) => {
        const text = JSON.stringify(v);
        const expected = ajv.getSchema(`t#/definitions/${name}`)!(JSON.parse(text));
        expect(validateNode(compileSchema({definitions}, `#/definitions/${name}`), node(text)).valid).toBe(expected);
      }),
      {numRuns: 3000}
    );
  });

  test("violations name the field, the schema rule and what it accepts", () => {
    const result = validateMessageSendParams(
      node('{"message": {"kind": "mesage", "role": "robot", "parts": [{"kind": "text"}], "messageId": 7}}'),
      "/params"
    );
    expect(result.valid).toBe(false);
    // In source order, so an editor can walk them top to bottom.
    const summary = result.violations.map((v) => [v.pointer, v.schemaPath]);
    expect(summary).toEqual([
      ["/params/message/kind", "#/definitions/Message/properties/kind/const"],
      ["/params/message/role", "#/definitions/Message/properties/role/enum"],
      ["/params/message/parts/0/text", "#/definitions/TextPart/required"],
      ["/params/message/messageId", "#/definitions/Message/properties/messageId/type"]
    ]);
    expect(result.violations[0]!.accepted).toBe('exactly "message"');
    expect(result.violations[1]!.accepted).toBe('one of "agent", "user"');
    expect(result.violations[3]!.accepted).toBe("a string");
  });

  test("a part matching no branch lists what each branch accepts", () => {
    const result = validateMessageSendParams(
      node(
        '{"message": {"kind": "message", "role": "user", "messageId": "m", "parts": [{"kind": "image", "url": "x"}]}}'
      )
    );
    expect(result.violations).toHaveLength(1);
    expect(result.violations[0]).toMatchObject({
      pointer: "/message/parts/0",
      keyword: "anyOf",
      schemaPath: "#/definitions/Part/anyOf"
    });
    expect(result.violations[0]!.accepted).toContain('TextPart (kind "text"; requires kind, text)');
  });

  test("members the schema does not describe are listed as not validated, not as errors", () => {
    const result = validateMessageSendParams(
      node(
        '{"message": {"kind": "message", "role": "user", "messageId": "m", "parts": [{"kind": "text", "text": "t", "lang": "en"}], "priority": 1}, "messageId": "x", "metadata": {"free": 1}}'
      )
    );
    expect(result.valid).toBe(true);
    expect(result.notValidated.map((m) => m.pointer).sort()).toEqual([
      "/message/parts/0/lang",
      "/message/priority",
      "/messageId"
    ]);
  });

  test("the official schema, read by ajv, agrees on the examples above", () => {
    const ajvParams = officialValidator("MessageSendParams");
    expect(
      ajvParams({
        message: {
          kind: "message",
          role: "user",
          messageId: "m",
          parts: [{kind: "text", text: "t", lang: "en"}],
          priority: 1
        },
        messageId: "x"
      })
    ).toBe(true);
    expect(ajvParams({message: {kind: "message", role: "user", messageId: "m", parts: [{kind: "image"}]}})).toBe(false);
  });
});
