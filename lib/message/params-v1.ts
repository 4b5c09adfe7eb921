/**
 * Stage 4 under A2A 1.0: params is a SendMessageRequest (specification section 9.4.1), read
 * with the ProtoJSON mapping against the 1.0.1 proto (proto-json.ts). As under v0.3.0: every
 * violation goes into the -32602 error, members the proto does not describe are noted as not
 * validated (section 5.7: SHOULD ignore unrecognized fields), and duplicate names stop it.
 */
import type {RequestContext} from "./finding.js";
import {describeNode, type DuplicateName, type JsonNode, type JsonObjectNode} from "./json-source.js";
import {ParamsReport, type ParamsVerdict} from "./params.js";
import {validateProtoJson} from "./proto-json.js";
import {A2A_V1_VERSION} from "./proto-spec.js";

const REQUEST_TYPE = "lf.a2a.v1.SendMessageRequest";

export function checkParamsV1(request: JsonObjectNode, params: JsonNode | null, duplicates: DuplicateName[], context: RequestContext): ParamsVerdict {
  const report = new ParamsReport(context);
  if (params === null || params.type !== "object") {
    const at = params ?? {from: request.from, to: request.from + 1};
    report.error({
      code: "params.proto",
      pointer: "/params",
      from: at.from,
      to: at.to,
      rule: `A2A ${A2A_V1_VERSION} specification section 9.4.1: params is a SendMessageRequest object, whose message is REQUIRED (a2a.proto ${REQUEST_TYPE}.message)`,
      message: params === null ? 'SendMessage has no "params" member.' : `params is ${describeNode(params)}: ProtoJSON reads a SendMessageRequest from an object, not by position.`,
      accepted: 'a "params" object holding a SendMessageRequest'
    });
    return report.verdict(false);
  }
  const verdict = validateProtoJson("SendMessageRequest", params, "/params");
  for (const v of verdict.violations) {
    const specNote = v.keyword === "required" && v.field === "lf.a2a.v1.Message.message_id" ? ("v1-examples-omit-message-id" as const) : undefined;
    report.error({code: v.keyword === "required" ? "params.proto-required" : "params.proto", pointer: v.pointer, from: v.from, to: v.to, rule: v.rule, message: v.message, accepted: v.accepted, specNote});
  }
  const members = verdict.notValidated.map((member) => ({...member, definition: member.message}));
  report.notValidatedMembers(
    members,
    params,
    (definition) => `A2A ${A2A_V1_VERSION} a2a.proto: ${definition} has no such field; specification section 5.7: implementations SHOULD ignore unrecognized fields`,
    `A2A ${A2A_V1_VERSION} specification section 5.7: unrecognized fields are ignored`
  );
  report.duplicates(duplicates, params);
  return report.verdict(verdict.valid);
}
