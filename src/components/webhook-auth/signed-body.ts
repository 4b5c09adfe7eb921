/**
 * Which A2A version the signed body is: lesson 4 says what it shows. Under the debugger's body
 * input, so a reader who switches the version, or pastes another body, reads the shape at once.
 */
import {element} from "../runtime/dom.js";
import {MESSAGE_VERSION_LABELS} from "../../../lib/shared/message-version.js";
import type {PushPayloadShape} from "../../../lib/webhook-auth/pipeline/a2a-payload.js";
import type {SignedBodyShape} from "../../../lib/webhook-auth/standard-webhooks/signed-body.js";

const SHAPE_NAMES: Readonly<Record<PushPayloadShape, string>> = {
  "v1.0 StreamResponse.task": "an A2A 1.0 StreamResponse holding a task",
  "v1.0 StreamResponse.message": "an A2A 1.0 StreamResponse holding a message",
  "v1.0 StreamResponse.statusUpdate": "an A2A 1.0 StreamResponse holding a statusUpdate",
  "v1.0 StreamResponse.artifactUpdate": "an A2A 1.0 StreamResponse holding an artifactUpdate",
  "v0.3 Task": 'an A2A v0.3.0 Task (kind "task")',
  "v0.3 status-update": 'an A2A v0.3.0 TaskStatusUpdateEvent (kind "status-update")',
  "v0.3 artifact-update": 'an A2A v0.3.0 TaskArtifactUpdateEvent (kind "artifact-update")',
  "v0.3 message": 'an A2A v0.3.0 Message (kind "message")'
};

/** What a sender of each version posts, after "whose sender posts …" or as the demo body's source. */
const WHAT_EACH_SENDS = {
  "1.0": "a StreamResponse (specification §4.3.3)",
  "0.3": "a body of its choosing: v0.3.0 leaves the push body to the sender"
} as const;

const SAME_SIGNATURE =
  "The signature covers any bytes alike; only a receiver that reads the body tells the versions apart.";

export function SignedBodyView({version, read, bodyVersion, demo}: SignedBodyShape): HTMLElement {
  const lead = element("strong", null, "Signed body: ");
  if (!read.ok) {
    return element(
      "p",
      {class: "signed-body-shape"},
      lead,
      `no A2A push body (${read.reason}). The signature verifies these bytes all the same; a receiver that reads the task from the body would refuse them.`
    );
  }
  const shape = `${SHAPE_NAMES[read.shape]} for task ${read.taskId}${read.state ? `, state ${read.state}` : ""}`;
  if (bodyVersion !== version) {
    return element(
      "p",
      {class: "signed-body-shape signed-body-other"},
      lead,
      `${shape}, though the chosen version is ${MESSAGE_VERSION_LABELS[version]}, whose sender posts ${WHAT_EACH_SENDS[version]}. ${SAME_SIGNATURE}`
    );
  }
  const source = !demo
    ? `a ${MESSAGE_VERSION_LABELS[version]} push body`
    : version === "1.0"
      ? `the body a 1.0 sender posts, ${WHAT_EACH_SENDS["1.0"]}`
      : "this lesson's 0.3 demo body, shaped as lesson 1's teaching sender's event (v0.3.0 leaves the push body to the sender)";
  return element("p", {class: "signed-body-shape"}, lead, `${shape}: ${source}.`);
}
