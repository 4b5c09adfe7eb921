/**
 * Which A2A version a request is read under: the value of the `A2A-Version` header the client
 * sends (A2A 1.0.1 specification section 3.6.1; section 9.2: JSON-RPC carries service parameters
 * as HTTP headers). Section 3.6.2: "Agents MUST interpret empty value as 0.3 version", and a
 * version the agent does not serve is answered with VersionNotSupportedError (-32009).
 */

export type MessageVersion = "0.3" | "1.0";
export const MESSAGE_VERSIONS: readonly MessageVersion[] = ["0.3", "1.0"];
export const DEFAULT_MESSAGE_VERSION: MessageVersion = "0.3";

export interface VersionReading {
  /** The header value as the client sent it ("" when it sent none). */
  header: string;
  /** The version the request is read under, or null when the lab's agent does not serve it. */
  version: MessageVersion | null;
}

/** Reads an A2A-Version header value; surrounding spaces are not part of an HTTP field value (RFC 9110 section 5.5). */
export function readVersionHeader(header: string | undefined): VersionReading {
  const value = typeof header === "string" ? header.trim() : "";
  if (value === "") return {header: value, version: DEFAULT_MESSAGE_VERSION};
  const version = MESSAGE_VERSIONS.find((known) => known === value) ?? null;
  return {header: value, version};
}
