/**
 * "Verify a webhook you received": boxes for a request as received (raw headers, raw body) and
 * what the receiver knows, and the verdict of lib's verifyReceivedWebhook under them: every check
 * of the profile in order, the values each compared, the first failure named.
 *
 * Nothing here leaves the tab: the boxes are not part of the control panel (which writes the
 * link), have no name (no form restores them after a reload), and nothing is stored. Every value
 * shown is set as text. The verdict is computed for the latest input only (a slow check that
 * finishes after a newer one is dropped), and any error becomes a line of text, never an exception.
 */
import {
  RECEIVED_BOX_LIMIT_BYTES,
  RECEIVED_FIELD_LIMIT_BYTES,
  readReceiverNow,
  type BodyEncoding,
  type BoxProblem
} from "../../../lib/webhook-auth/pasted/received-request.js";
import {
  RECEIVED_PROFILE_LABELS,
  RECEIVED_PROFILES,
  type ReceivedProfile
} from "../../../lib/webhook-auth/pasted/received-profile.js";
import {
  a2aTokenExample,
  jwtProfileExample,
  standardWebhooksExample,
  type ReceivedWebhookExample
} from "../../../lib/webhook-auth/pasted/received-webhook-example.js";
import {generateSigningKey} from "../../../lib/webhook-auth/jwt/demo-keys.js";
import {
  verifyReceivedWebhook,
  type ReceivedCheck,
  type ReceivedWebhookVerdict,
  type ReceiverKnowledge
} from "../../../lib/webhook-auth/pasted/received-webhook.js";
import {toVisible} from "../../../lib/text/visible-text.js";
import {element, type Child} from "../runtime/dom.js";
import type {DemoKeyMaterial} from "./demo-secrets.js";

/** What a pasted request says, quoted in the verdict: bidi and control characters shown as ⟨U+XXXX⟩, so they cannot reorder or hide a line. */
const shown = (text: string) => toVisible(text);

const STATUS_WORDS: Record<ReceivedCheck["status"], string> = {pass: "✓ pass", fail: "✗ fail", skipped: "– skipped"};
// The summary says the outcome in words; the symbol repeats it for a glance (never colour alone).
const OUTCOME_SYMBOLS: Record<ReceivedWebhookVerdict["outcome"], string> = {
  pass: "✓",
  fail: "✗",
  incomplete: "–",
  "not-checked": "–"
};

type KnowledgeField = Exclude<keyof ReceiverKnowledge, "toleranceSeconds">;

interface BoxSpec {
  field: KnowledgeField | "now" | "tolerance";
  label: string;
  help: string;
  multiline?: boolean;
}

const KNOWLEDGE_GROUPS: readonly {legend: string; boxes: readonly BoxSpec[]}[] = [
  {
    legend: "Standard Webhooks",
    boxes: [
      {field: "secret", label: "Secret (whsec_)", help: "The endpoint's secret, for v1 entries."},
      {field: "publicKey", label: "Public key (whpk_)", help: "The sender's Ed25519 public key, for v1a entries."},
      {field: "tolerance", label: "Tolerance, seconds", help: "Blank: 300 (the reference libraries' 5 minutes)."}
    ]
  },
  {
    legend: "A2A push JWT",
    boxes: [
      {field: "jwks", label: "Key set (JWKS)", help: 'The sender\'s JWKS as JSON: {"keys": […]}.', multiline: true},
      {field: "issuer", label: "Expected issuer (iss)", help: ""},
      {field: "audience", label: "Expected audience (aud)", help: ""}
    ]
  },
  {
    legend: "A2A credentials and the task",
    boxes: [
      {field: "authorization", label: "Expected Authorization", help: "<scheme> <credentials>, e.g. Bearer abc123."},
      {field: "token", label: "Expected token", help: "TaskPushNotificationConfig.token (X-A2A-Notification-Token)."},
      {field: "taskId", label: "Expected task id", help: "The task you subscribed to."},
      {field: "now", label: "Now", help: "Blank: your clock. Or Unix seconds, or 2026-12-04T16:00:00Z."}
    ]
  }
];

export interface ReceivedWebhookVerifierOptions {
  /** The page's demo keys (drawn in this tab): the example is signed with them. */
  keys: DemoKeyMaterial;
  /** The reader's clock in Unix seconds. */
  clockSeconds?: () => number;
}

interface Boxes {
  headers: HTMLTextAreaElement;
  body: HTMLTextAreaElement;
  bodyEncoding: HTMLSelectElement;
  profile: HTMLSelectElement;
  knowledge: Map<BoxSpec["field"], HTMLInputElement | HTMLTextAreaElement>;
}

let verifierCount = 0;

function textBox(id: string, multiline: boolean, rows = 4): HTMLInputElement | HTMLTextAreaElement {
  // No name and autocomplete off: a browser neither restores these after a reload nor offers to save them.
  const common = {
    id,
    class: "received-box",
    spellcheck: "false",
    autocomplete: "off",
    autocapitalize: "off",
    "data-received-box": ""
  };
  return multiline ? element("textarea", {...common, rows}) : element("input", {...common, type: "text"});
}

function labelled(id: string, label: string, help: string, control: HTMLElement): HTMLElement {
  return element(
    "div",
    {class: "received-field"},
    element("label", {for: id}, label),
    control,
    help ? element("small", {class: "received-help"}, help) : null
  );
}

function buildBoxes(prefix: string): {boxes: Boxes; requestPart: HTMLElement; knowledgePart: HTMLElement} {
  const headers = textBox(`${prefix}-headers-box`, true, 8) as HTMLTextAreaElement;
  const body = textBox(`${prefix}-body-box`, true, 6) as HTMLTextAreaElement;
  const bodyEncoding = element(
    "select",
    {id: `${prefix}-body-encoding`},
    element("option", {value: "utf-8"}, "text (sent as UTF-8)"),
    element("option", {value: "base64"}, "base64 of the exact bytes")
  );
  const profile = element(
    "select",
    {id: `${prefix}-profile`},
    element("option", {value: "auto"}, "detect from the headers"),
    RECEIVED_PROFILES.map((id) => element("option", {value: id}, RECEIVED_PROFILE_LABELS[id]))
  );
  const requestPart = element(
    "fieldset",
    {class: "received-request"},
    element("legend", null, "The request as received"),
    labelled(
      `${prefix}-headers-box`,
      "Headers",
      `“Name: value” lines, a request line first if you like (POST /hook HTTP/1.1). Up to ${RECEIVED_BOX_LIMIT_BYTES / 1024} KB.`,
      headers
    ),
    labelled(
      `${prefix}-body-box`,
      "Body",
      `Exactly as received. A text box turns CRLF into LF: for exact bytes paste base64. Up to ${RECEIVED_BOX_LIMIT_BYTES / 1024} KB.`,
      body
    ),
    labelled(`${prefix}-body-encoding`, "Body is", "", bodyEncoding),
    labelled(`${prefix}-profile`, "Profile", "The headers decide unless you choose.", profile)
  );
  const knowledge = new Map<BoxSpec["field"], HTMLInputElement | HTMLTextAreaElement>();
  const groups = KNOWLEDGE_GROUPS.map(({legend, boxes}) =>
    element(
      "fieldset",
      {class: "received-knowledge-group"},
      element("legend", null, legend),
      boxes.map((spec) => {
        const id = `${prefix}-${spec.field}-box`;
        const box = textBox(id, spec.multiline ?? false);
        knowledge.set(spec.field, box);
        return labelled(id, spec.label, spec.help, box);
      })
    )
  );
  const knowledgePart = element(
    "div",
    {class: "received-knowledge"},
    element(
      "p",
      {class: "received-part-title"},
      `What your receiver knows (each box up to ${RECEIVED_FIELD_LIMIT_BYTES / 1024} KB; the key set up to ${RECEIVED_BOX_LIMIT_BYTES / 1024} KB)`
    ),
    groups
  );
  return {boxes: {headers, body, bodyEncoding, profile, knowledge}, requestPart, knowledgePart};
}

function problemList(problems: readonly BoxProblem[]): HTMLElement {
  return element(
    "ul",
    {class: "received-problems", role: "alert"},
    problems.map((problem) =>
      element(
        "li",
        null,
        element("strong", null, problem.box),
        ` ${shown(problem.problem)}. Accepted: ${problem.accepted}.`
      )
    )
  );
}

function checkItem(check: ReceivedCheck, first: boolean): HTMLElement {
  const compared =
    check.compared.length === 0
      ? null
      : element(
          "dl",
          {class: "received-compared"},
          check.compared.map((value) => [
            element("dt", null, value.what),
            value.expected !== ""
              ? element(
                  "dd",
                  null,
                  element("span", {class: "received-side"}, value.received === "" ? "" : "expected "),
                  element("code", null, shown(value.expected))
                )
              : null,
            value.received !== ""
              ? element(
                  "dd",
                  null,
                  element("span", {class: "received-side"}, "received "),
                  element("code", null, shown(value.received))
                )
              : null,
            value.difference ? element("dd", {class: "received-difference"}, shown(value.difference)) : null
          ])
        );
  return element(
    "li",
    {
      class: `pipeline-check received-check check-${check.status}${first ? " received-first-failure" : ""}`,
      "data-check": check.id
    },
    element("span", {class: "check-label"}, check.label),
    element("span", {class: "check-status"}, `${STATUS_WORDS[check.status]}${first ? " (first failure)" : ""}`),
    element("span", {class: "check-reason"}, shown(check.reason)),
    compared
  );
}

/** The verdict as text and lists. Exported for a test that draws one verdict without the boxes. */
export function ReceivedWebhookVerdictView(verdict: ReceivedWebhookVerdict): HTMLElement {
  const block = verdict.headerBlock;
  const unreadable =
    block && block.unreadable.length > 0
      ? element(
          "details",
          {class: "received-unreadable", open: true},
          element("summary", null, `Header lines left out (${block.unreadable.length + block.unreadableNotListed})`),
          element(
            "ul",
            null,
            block.unreadable.map((line) =>
              element("li", null, `line ${line.line}: `, element("code", null, line.shown), ` — ${line.reason}`)
            )
          ),
          block.unreadableNotListed > 0
            ? element("p", null, `and ${block.unreadableNotListed} more lines not listed`)
            : null
        )
      : null;
  const children: Child[] = [
    element(
      "p",
      {class: `received-outcome outcome-${verdict.outcome}`},
      element("strong", null, OUTCOME_SYMBOLS[verdict.outcome]),
      " ",
      shown(verdict.summary)
    ),
    verdict.problems.length > 0 ? problemList(verdict.problems) : null,
    verdict.notices.length > 0
      ? element(
          "ul",
          {class: "received-notices"},
          verdict.notices.map((notice) => element("li", null, shown(notice)))
        )
      : null,
    unreadable,
    verdict.bodyBytes !== undefined
      ? element(
          "p",
          {class: "received-read"},
          `Read: ${block?.headers.length ?? 0} header line${block?.headers.length === 1 ? "" : "s"}${block?.requestLine ? ` after “${shown(`${block.requestLine.method} ${block.requestLine.target}`)}”` : ""}, a body of ${verdict.bodyBytes} bytes.`
        )
      : null,
    verdict.checks.length > 0
      ? element(
          "ol",
          {class: "pipeline-checks received-checks", "aria-label": "Checks of the pasted request, in order"},
          verdict.checks.map((check) => checkItem(check, check === verdict.firstFailure))
        )
      : null
  ];
  return element("div", {class: "received-verdict"}, children);
}

/** The verifier's input from the boxes, or the first box that cannot be read. */
function readBoxes(
  boxes: Boxes,
  clockSeconds: number
): {problem?: BoxProblem; input?: Parameters<typeof verifyReceivedWebhook>[0]} {
  const value = (field: BoxSpec["field"]) => boxes.knowledge.get(field)?.value ?? "";
  const now = readReceiverNow(value("now"), clockSeconds);
  if (!now.ok) return {problem: now.problem};
  const toleranceText = value("tolerance").trim();
  const tolerance =
    toleranceText === "" ? undefined : /^\d{1,9}$/.test(toleranceText) ? Number(toleranceText) : Number.NaN;
  if (Number.isNaN(tolerance))
    return {
      problem: {
        box: "Tolerance",
        problem: "is not whole seconds",
        accepted: "blank (300 s) or whole seconds such as 300"
      }
    };
  const receiver: ReceiverKnowledge = {};
  for (const field of [
    "secret",
    "publicKey",
    "jwks",
    "issuer",
    "audience",
    "token",
    "authorization",
    "taskId"
  ] as const)
    receiver[field] = value(field);
  if (tolerance !== undefined) receiver.toleranceSeconds = tolerance;
  return {
    input: {
      headers: boxes.headers.value,
      body: boxes.body.value,
      bodyEncoding: boxes.bodyEncoding.value as BodyEncoding,
      receiver,
      nowSeconds: now.seconds,
      profile: boxes.profile.value as ReceivedProfile | "auto"
    }
  };
}

/** The boxes, the buttons and the verdict, in one element displayed once. */
export function ReceivedWebhookVerifier({
  keys,
  clockSeconds = () => Math.floor(Date.now() / 1000)
}: ReceivedWebhookVerifierOptions): HTMLElement {
  const prefix = `received-${++verifierCount}`;
  const {boxes, requestPart, knowledgePart} = buildBoxes(prefix);
  const result = element(
    "div",
    {class: "received-result", "aria-live": "polite"},
    element("p", {class: "received-outcome outcome-not-checked"}, "Paste a request, or fill the boxes with an example.")
  );
  let latest = 0;

  const show = (node: HTMLElement) => result.replaceChildren(node);
  const verify = async () => {
    const run = ++latest;
    try {
      const {problem, input} = readBoxes(boxes, clockSeconds());
      if (problem || !input) return show(element("div", {class: "received-verdict"}, problemList([problem!])));
      const verdict = await verifyReceivedWebhook(input);
      if (run === latest) show(ReceivedWebhookVerdictView(verdict));
    } catch (error) {
      if (run === latest)
        show(runProblem(`The verifier could not run here: ${error instanceof Error ? error.name : "error"}.`));
    }
  };

  const fill = (example: ReceivedWebhookExample) => {
    fillBoxes(boxes, example);
    void verify();
  };
  // Signing happens in this tab and can fail (no Web Crypto, a key it refuses): the failure is shown, not thrown.
  const fillSigned = (makeExample: () => Promise<ReceivedWebhookExample>, failure: string) => async () => {
    try {
      fill(await makeExample());
    } catch (error) {
      show(runProblem(`${failure}: ${error instanceof Error ? error.message : "error"}.`));
    }
  };

  const root = element(
    "div",
    {class: "received-verifier"},
    ExampleButtons({
      standardWebhooks: fillSigned(
        () => standardWebhooksExample({secret: keys.secret, msgId: keys.eventId, nowSeconds: clockSeconds()}),
        "The example could not be signed here"
      ),
      jwt: fillSigned(() => jwtExampleWithFreshKey(keys, clockSeconds), "The JWT example could not be signed here"),
      token: () => fill(a2aTokenExample({token: keys.rotatedSecret.slice(6, 22)})),
      clear: () => {
        clearBoxes(boxes);
        void verify();
      }
    }),
    element("div", {class: "received-inputs"}, requestPart, knowledgePart),
    result
  );
  root.addEventListener("input", () => void verify());
  root.addEventListener("change", () => void verify());
  return root;
}

/** A line saying why the verifier or an example could not run, in place of a verdict. */
function runProblem(text: string): HTMLElement {
  return element("p", {class: "received-problems"}, text);
}

/** Puts an example request and what its receiver knows into the boxes; a box the example says nothing of is emptied. */
function fillBoxes(boxes: Boxes, example: ReceivedWebhookExample): void {
  boxes.headers.value = example.headers;
  boxes.body.value = example.body;
  boxes.bodyEncoding.value = "utf-8";
  boxes.profile.value = "auto";
  for (const [field, box] of boxes.knowledge)
    box.value = field in example.receiver ? String(example.receiver[field as KnowledgeField] ?? "") : "";
}

function clearBoxes(boxes: Boxes): void {
  for (const box of [boxes.headers, boxes.body, ...boxes.knowledge.values()]) box.value = "";
  boxes.bodyEncoding.value = "utf-8";
  boxes.profile.value = "auto";
}

/** A JWT profile example signed with a fresh ES256 key pair, made in this tab for this example only. */
async function jwtExampleWithFreshKey(
  keys: DemoKeyMaterial,
  clockSeconds: () => number
): Promise<ReceivedWebhookExample> {
  const kid = `example-${keys.eventId.slice(4, 12)}`;
  const {privateKey, publicJwk} = await generateSigningKey({kid});
  return jwtProfileExample({privateKey, publicJwk, kid, jti: keys.eventId, nowSeconds: clockSeconds()});
}

/** The buttons that fill the boxes with an example of each profile, and the one that empties them. */
function ExampleButtons(fill: {
  standardWebhooks: () => Promise<void>;
  jwt: () => Promise<void>;
  token: () => void;
  clear: () => void;
}): HTMLElement {
  return element(
    "div",
    {class: "received-buttons"},
    element(
      "button",
      {type: "button", class: "received-fill", onclick: () => void fill.standardWebhooks()},
      "Fill with an example (Standard Webhooks v1)"
    ),
    element(
      "button",
      {type: "button", class: "received-fill-jwt", onclick: () => void fill.jwt()},
      "Fill with a JWT profile example"
    ),
    element(
      "button",
      {type: "button", class: "received-fill-token", onclick: fill.token},
      "Fill with an @a2a-js/sdk token example"
    ),
    element("button", {type: "button", class: "received-clear", onclick: fill.clear}, "Clear every box")
  );
}
