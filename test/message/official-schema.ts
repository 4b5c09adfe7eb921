/**
 * ajv (draft-07) loaded with the official A2A v0.3.0 schema: the reference the
 * lab's own interpreter is compared with. Tests and benchmarks only; lib/ never
 * imports ajv.
 */
import Ajv, {type ValidateFunction} from "ajv";
import schema from "../../data/message/spec/a2a-v0.3.0.json" with {type: "json"};

export const officialSchema: unknown = schema;

let ajv: Ajv | null = null;

/** An ajv validator for `#/definitions/<name>` of the official schema. */
export function officialValidator(name: string): ValidateFunction {
  if (ajv === null) {
    // strict: false because the schema uses draft-07 annotations ajv's strict mode flags (union types).
    ajv = new Ajv({strict: false, allErrors: true});
    ajv.addSchema(schema as object, "a2a");
  }
  const validate = ajv.getSchema(`a2a#/definitions/${name}`);
  if (!validate) throw new Error(`no definition ${name}`);
  return validate;
}
