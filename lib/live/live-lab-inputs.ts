/**
 * The live lab's inputs, as a field table like every lesson's (lib/lesson-inputs): the port of the
 * reader's receiver, the faults the page asks it to inject, and the sender the model's run uses.
 * They never enter a lesson's link: the port names a process on the reader's own machine, and the
 * faults are the receiver's state (it keeps them, and says them in every hello), not the page's, so
 * a link that carried them would describe a receiver its next reader does not have.
 */
import {shownValue} from "../text/visible-text.js";
import type {FieldSpec} from "../lesson-inputs/fields.js";
import {senderIds, senderPreset, type SenderId} from "../delivery/sender-presets.js";
import {lostAckModes, MAX_FAULT_SECONDS, type LiveFaults, type LostAckMode} from "./faults.js";

/** The receiver's default port (receiver/main.ts). */
export const LIVE_DEFAULT_PORT = 8787;

export const liveLabGroups = {receiver: "Your receiver", faults: "Faults to inject", model: "The model"} as const;

/** The choice that draws what arrived with no model beside it: a reader's own sender follows no preset, so every difference would be noise. */
export const MY_SENDER_ONLY = "none";

export const liveLabFields: readonly FieldSpec[] = [
  {
    kind: "text",
    name: "liveReceiverPort",
    label: "Receiver port",
    group: liveLabGroups.receiver,
    maxLength: 5,
    help: "The port npm run receiver printed; the page connects to http://127.0.0.1:<port> only when you press Connect."
  },
  {
    kind: "number",
    name: "liveOutageSeconds",
    label: "Outage",
    group: liveLabGroups.faults,
    min: 0,
    max: MAX_FAULT_SECONDS,
    sliderMax: 40,
    step: 1,
    unit: "s",
    help: "The receiver answers 503 for this long from the run's first request."
  },
  {
    kind: "choice",
    name: "liveLostAck",
    label: "Lost acknowledgement",
    group: liveLabGroups.faults,
    options: [
      {value: "off", label: "off"},
      {value: "hold", label: "hold the first 2xx"},
      {value: "reset", label: "reset the connection"}
    ],
    help: "The update is applied, then the first 2xx of each update never reaches the sender."
  },
  {
    kind: "number",
    name: "liveSlowResponseSeconds",
    label: "Slow response",
    group: liveLabGroups.faults,
    min: 0,
    max: 60,
    sliderMax: 20,
    step: 0.5,
    unit: "s",
    help: "How long each request waits before it is decided and answered."
  },
  {
    kind: "choice",
    name: "liveRefuseWith",
    label: "Refuse every request with",
    group: liveLabGroups.faults,
    options: [
      {value: "none", label: "nothing (no rule)"},
      {value: "401", label: "401 Unauthorized"},
      {value: "404", label: "404 (unknown task)"}
    ]
  },
  {
    kind: "choice",
    name: "liveModelSender",
    label: "Sender in the model",
    group: liveLabGroups.model,
    options: [
      ...senderIds.map((id) => ({value: id, label: senderPreset(id).shortName})),
      {value: MY_SENDER_ONLY, label: "none: my sender only"}
    ],
    help: "The preset whose run the model predicts; the demo agent is @a2a-js/sdk 1.3.0. With your own sender, choose none: only what arrived is drawn, with no model to differ from."
  }
];

export interface LiveLabInputs {
  [name: string]: string | number | boolean | null;
  liveReceiverPort: string;
  liveOutageSeconds: number;
  liveLostAck: string;
  liveSlowResponseSeconds: number;
  liveRefuseWith: string;
  liveModelSender: string;
}

export const liveLabDefaults: LiveLabInputs = Object.freeze({
  liveReceiverPort: String(LIVE_DEFAULT_PORT),
  liveOutageSeconds: 0,
  liveLostAck: "off",
  liveSlowResponseSeconds: 0,
  liveRefuseWith: "none",
  liveModelSender: "a2a-js"
});

/** The faults the inputs ask for (what "Apply to receiver" sends; the receiver checks them again). */
export function liveFaultsFromInputs(inputs: Readonly<LiveLabInputs>): LiveFaults {
  const lostAck = (lostAckModes as readonly string[]).includes(inputs.liveLostAck)
    ? (inputs.liveLostAck as LostAckMode)
    : "off";
  return {
    outageSeconds: inputs.liveOutageSeconds,
    lostAck,
    slowResponseSeconds: inputs.liveSlowResponseSeconds,
    refuseWith: inputs.liveRefuseWith === "401" ? 401 : inputs.liveRefuseWith === "404" ? 404 : null
  };
}

/** The inputs that ask for `faults`: what the fault inputs show once the receiver says its own. */
export function liveInputsFromFaults(
  faults: LiveFaults
): Pick<LiveLabInputs, "liveOutageSeconds" | "liveLostAck" | "liveSlowResponseSeconds" | "liveRefuseWith"> {
  return {
    liveOutageSeconds: faults.outageSeconds,
    liveLostAck: faults.lostAck,
    liveSlowResponseSeconds: faults.slowResponseSeconds,
    liveRefuseWith: faults.refuseWith === null ? "none" : String(faults.refuseWith)
  };
}

/** The sender the model's run uses, null for "my sender only" (the a2a-js preset for anything else). */
export function liveModelSender(inputs: Readonly<LiveLabInputs>): SenderId | null {
  if (inputs.liveModelSender === MY_SENDER_ONLY) return null;
  return (senderIds as readonly string[]).includes(inputs.liveModelSender)
    ? (inputs.liveModelSender as SenderId)
    : "a2a-js";
}

/**
 * The receiver's address for a typed port: only 127.0.0.1 (the receiver listens there and nowhere
 * else), and only a whole number from 1 to 65535, so the page never asks another host.
 */
export function liveReceiverUrl(portText: string): {ok: true; url: string} | {ok: false; problem: string} {
  const trimmed = portText.trim();
  if (!/^[0-9]{1,5}$/.test(trimmed) || Number(trimmed) < 1 || Number(trimmed) > 65_535) {
    // The value as a notice shows it: a bidi or control character as ⟨U+XXXX⟩, never raw.
    return {
      ok: false,
      problem: `the port must be a whole number from 1 to 65535 (the one npm run receiver printed), not “${shownValue(trimmed, 20)}”`
    };
  }
  return {ok: true, url: `http://127.0.0.1:${Number(trimmed)}`};
}

/** Only the port (lesson 4's live view injects no faults and draws no model). */
export const livePortFields: readonly FieldSpec[] = liveLabFields.filter(
  (field) => field.group === liveLabGroups.receiver
);
export const livePortDefaults = Object.freeze({liveReceiverPort: liveLabDefaults.liveReceiverPort});
