/**
 * Which A2A version a request is read under: the value of the `A2A-Version` header the client
 * sends (A2A 1.0.1 specification section 3.6.1; section 9.2: JSON-RPC carries service parameters
 * as HTTP headers). Section 3.6.2: "Agents MUST interpret empty value as 0.3 version", and a
 * version the agent does not serve is answered with VersionNotSupportedError (-32009). Section
 * 3.6: a version is Major.Minor; patch numbers "SHOULD NOT be used in requests" and "MUST not be
 * considered" when negotiating, so "1.0.1" is read as 1.0, and the reading says a patch was sent.
 */
import {DEFAULT_MESSAGE_VERSION, MESSAGE_VERSIONS, type MessageVersion} from "../shared/message-version.js";

export interface VersionReading {
  /** The header value as the client sent it ("" when it sent none). */
  header: string;
  /** The version the request is read under, or null when the lab's agent does not serve it. */
  version: MessageVersion | null;
  /** The patch number the header carried (section 3.6: SHOULD NOT be sent, never considered), or null. */
  ignoredPatch: string | null;
}

const MAJOR_MINOR_PATCH = /^(\d+\.\d+)(?:\.(\d+))?$/;

/** Reads an A2A-Version header value; surrounding spaces are not part of an HTTP field value (RFC 9110 section 5.5). */
export function readVersionHeader(header: string | undefined): VersionReading {
  const value = typeof header === "string" ? header.trim() : "";
  if (value === "") return {header: value, version: DEFAULT_MESSAGE_VERSION, ignoredPatch: null};
  const parts = MAJOR_MINOR_PATCH.exec(value);
  const version = MESSAGE_VERSIONS.find((known) => known === parts?.[1]) ?? null;
  return {header: value, version, ignoredPatch: version === null ? null : (parts?.[2] ?? null)};
}
