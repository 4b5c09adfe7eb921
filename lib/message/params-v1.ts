/**
 * Stage 4 under A2A 1.0: params is a SendMessageRequest (specification section 9.4.1), read
 * with the ProtoJSON mapping against the 1.0.1 proto (proto-json.ts). As under v0.3.0: every
 * violation goes into the -32602 error, members the proto does not describe are noted as not
 * validated (section 5.7: SHOULD ignore unrecognized fields), and duplicate names stop it.
 */
import {describeNode} from "./json-source.js";
import {ParamsReport, type ParamsCheck} from "./params.js";
import {validateProtoJson} from "./proto-json.js";
import {A2A_V1_VERSION} from "./proto-spec.js";

/** Stage 4 under A2A 1.0 for a method whose params are the proto message `typeName`. */
export function protoParamsCheck(method: string, typeName: string): ParamsCheck {
  const fullName = `lf.a2a.v1.${typeName}`;
  return (request, params, duplicates, context) => {
    const report = new ParamsReport(context);
    if (params === null || params.type !== "object") {
      const at = params ?? {from: request.from, to: request.from + 1};
      report.error({
        code: "params.proto",
        pointer: "/params",
        from: at.from,
        to: at.to,
        rule: `A2A ${A2A_V1_VERSION} specification section 9.4: params is the method's request message (a2a.proto: ${fullName}), read with ProtoJSON from an object`,
        message:
          params === null
            ? `${method} has no "params" member.`
            : `params is ${describeNode(params)}: ProtoJSON reads a ${typeName} from an object, not by position.`,
        accepted: `a "params" object holding a ${typeName}`
      });
      return report.verdict(false);
    }
    const verdict = validateProtoJson(typeName, params, "/params");
    for (const v of verdict.violations) {
      const specNote =
        v.keyword === "required" && v.field === "lf.a2a.v1.Message.message_id"
          ? ("v1-examples-omit-message-id" as const)
          : undefined;
      report.error({
        code: v.keyword === "required" ? "params.proto-required" : "params.proto",
        pointer: v.pointer,
        from: v.from,
        to: v.to,
        rule: v.rule,
        message: v.message,
        accepted: v.accepted,
        specNote
      });
    }
    const members = verdict.notValidated.map((member) => ({...member, definition: member.message}));
    report.notValidatedMembers(
      members,
      params,
      (definition) =>
        `A2A ${A2A_V1_VERSION} a2a.proto: ${definition} has no such field; specification section 5.7: implementations SHOULD ignore unrecognized fields`,
      `A2A ${A2A_V1_VERSION} specification section 5.7: unrecognized fields are ignored`
    );
    for (const named of verdict.protoNamed)
      report.note({
        code: "params.proto-name",
        pointer: named.pointer,
        from: named.from,
        to: named.to,
        rule: `A2A ${A2A_V1_VERSION} specification section 5.5: JSON serializations MUST use camelCase field names (ProtoJSON readers also accept the proto name)`,
        message: `${named.pointer} uses the proto name; it is read, but a 1.0 sender writes "${named.json}".`,
        accepted: `"${named.json}"`
      });
    report.duplicates(duplicates, params);
    return report.verdict(verdict.valid);
  };
}

/** Stage 4 under A2A 1.0 for SendMessage (section 9.4.1): params is a SendMessageRequest. */
export const checkParamsV1: ParamsCheck = protoParamsCheck("SendMessage", "SendMessageRequest");
