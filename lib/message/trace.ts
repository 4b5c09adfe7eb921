/**
 * The stage trace for playback: one Decision per stage each request reached
 * (atSeconds is the stage index, 1 to 6), then, at stage 6, the client's
 * decision for each request and the comparison of receipts with what the
 * client can confirm. Sorted by stage, so revealing decisions in order walks
 * the stages.
 */
import type {Decision} from "../playback/decision.js";
import {STAGE_NAMES, type Finding, type StageNumber} from "./finding.js";
import type {RequestOutcome, StageVerdict} from "./request.js";
import type {Receipt} from "./handler.js";
import type {ClientDecision} from "./client.js";
import {describeRequestId} from "./request-id.js";
import type {Dialect} from "./dialect.js";
import {partKindName} from "./parts.js";

export type StageDecisionKind = "pass" | "stop" | "handler" | "client" | "compare";

export interface StageDecision extends Decision {
  kind: StageDecisionKind;
  stage: StageNumber;
  /** The request it is about (batch position), or null for the whole document or a single request. */
  requestIndex: number | null;
  /** The findings shown with it. */
  findings: Finding[];
}

function who(outcome: RequestOutcome): string {
  return outcome.requestIndex === null ? "" : `Request ${outcome.requestIndex}: `;
}

function passDetail(outcome: RequestOutcome, verdict: StageVerdict, dialect: Dialect | null): string {
  const notes = verdict.findings.filter((f) => f.severity !== "error").length;
  const tail = notes > 0 ? ` (${notes} note${notes === 1 ? "" : "s"})` : "";
  switch (verdict.stage) {
    case 1:
      return `The text is one JSON value${tail}.`;
    case 2:
      return outcome.notification
        ? `A JSON-RPC 2.0 request without id: a notification, which is never answered${tail}.`
        : `A JSON-RPC 2.0 request with id ${outcome.id ? describeRequestId(outcome.id) : "null"}${tail}.`;
    case 3:
      return `${dialect?.dispatchedMethod} is the method this lab dispatches under ${dialect?.label}.`;
    case 4: {
      const unchecked = verdict.findings.filter((f) => f.code === "params.not-validated").length;
      return `params is ${dialect?.paramsName}${unchecked > 0 ? `; ${unchecked} member${unchecked === 1 ? "" : "s"} ${dialect?.paramsSource} does not describe ${unchecked === 1 ? "is" : "are"} not validated` : ""}.`;
    }
    case 5:
      if (dialect?.decodeParts === null) return `${dialect.dispatchedMethod} carries no parts: nothing to decode.`;
      return `${outcome.parts.length} part${outcome.parts.length === 1 ? "" : "s"} decoded: ${outcome.parts.map((p) => partKindName(p, dialect?.version ?? "0.3")).join(", ")}.`;
    case 6:
      return outcome.verdict;
  }
}

export function buildTrace(
  requests: readonly RequestOutcome[],
  documentFindings: readonly Finding[],
  receipts: readonly Receipt[],
  client: ClientDecision,
  dialect: Dialect | null
): StageDecision[] {
  const trace: StageDecision[] = [];
  const batch = requests.length > 0 && requests[0]!.requestIndex !== null;
  if (batch) {
    trace.push({
      atSeconds: 1,
      stage: 1,
      kind: "pass",
      requestIndex: null,
      title: `${STAGE_NAMES[1]}: a batch of ${requests.length}`,
      detail: `The text is a JSON array: a JSON-RPC 2.0 batch of ${requests.length} element${requests.length === 1 ? "" : "s"}, each checked on its own.`,
      findings: [...documentFindings]
    });
  }
  for (const outcome of requests) {
    for (const verdict of outcome.stages) {
      if (verdict.status === "not-reached") continue;
      if (batch && verdict.stage === 1) continue;
      const name = STAGE_NAMES[verdict.stage];
      if (verdict.status === "stop") {
        const first = verdict.findings.find((f) => f.severity === "error");
        trace.push({
          atSeconds: verdict.stage,
          stage: verdict.stage,
          kind: "stop",
          requestIndex: outcome.requestIndex,
          title: `${who(outcome)}${name} stops it (${verdict.error?.code})`,
          detail:
            `${first ? first.message : ""} ${outcome.responseText === null ? "No response: a notification is never answered." : `Error ${verdict.error?.code} is sent with id ${outcome.id ? outcome.id.lexeme : "null"}.`}`.trim(),
          findings: verdict.findings
        });
      } else {
        trace.push({
          atSeconds: verdict.stage,
          stage: verdict.stage,
          kind: verdict.stage === 6 ? "handler" : "pass",
          requestIndex: outcome.requestIndex,
          title: `${who(outcome)}${name} passes`,
          detail: passDetail(outcome, verdict, dialect),
          findings: verdict.findings
        });
      }
    }
  }
  for (const decision of client.perRequest) {
    trace.push({
      atSeconds: 6,
      stage: 6,
      kind: "client",
      requestIndex: decision.requestIndex,
      title: `${decision.requestIndex === null ? "" : `Request ${decision.requestIndex}: `}client decides ${decision.verdict}`,
      detail: decision.detail,
      findings: []
    });
  }
  const confirmed = client.confirmedSuccesses;
  trace.push({
    atSeconds: 6,
    stage: 6,
    kind: "compare",
    requestIndex: null,
    title: `Receipts ${receipts.length}, client confirms ${confirmed}`,
    detail: `The receiver recorded ${receipts.length} receipt${receipts.length === 1 ? "" : "s"}; the client can confirm ${confirmed} success${confirmed === 1 ? "" : "es"} from the response it read. ${client.summary}`,
    findings: []
  });
  // Stage by stage, requests in order within a stage (a stable bucket sort).
  const byStage: StageDecision[][] = [[], [], [], [], [], []];
  for (const decision of trace) byStage[decision.stage - 1]!.push(decision);
  return byStage.flat();
}
