/**
 * What lesson 4 says about the body it signs: its shape, read as a receiver would, and whether it
 * is the chosen version's own (the version's demo body, or at least that version's shape).
 */
import type {MessageVersion} from "../../shared/message-version.js";
import {readPushPayload, type PushPayloadRead} from "../pipeline/a2a-payload.js";
import {DEMO_BODIES} from "../fixtures.js";

export interface SignedBodyShape {
  /** The version the lesson's push config was registered with. */
  version: MessageVersion;
  read: PushPayloadRead;
  /** The version the body's shape belongs to, or null when it is no A2A push body. */
  bodyVersion: MessageVersion | null;
  /** The body is the version's demo body, not the reader's edit. */
  demo: boolean;
}

export function signedBodyShape(body: string, version: MessageVersion): SignedBodyShape {
  const read = readPushPayload(body);
  const bodyVersion = !read.ok ? null : read.shape.startsWith("v1.0") ? "1.0" : "0.3";
  return {version, read, bodyVersion, demo: body === DEMO_BODIES[version]};
}
