/**
 * File URIs the lab accepts, read with RFC 3986 (never fetched):
 * - scheme https (RFC 3986 section 3.1: schemes are case-insensitive);
 * - no userinfo (section 3.2.1), which is how "https://example.com@evil.net/"
 *   hides its real host;
 * - a host under a reserved example domain: example.com, example.net,
 *   example.org (RFC 2606 section 3) or the .example top-level domain
 *   (RFC 2606 section 2, RFC 6761 section 6.5), so a lesson never points at a
 *   real server.
 */

/** Second-level domains RFC 2606 section 3 reserves; names under them are reserved with them. */
export const RESERVED_SECOND_LEVEL = ["example.com", "example.net", "example.org"] as const;
/** The top-level domain RFC 2606 section 2 reserves for documentation. */
export const RESERVED_TOP_LEVEL = "example";

export type FileUriResult =
  | {ok: true; scheme: "https"; host: string; port: string | null; pathAndQuery: string}
  | {ok: false; problem: "syntax" | "scheme" | "userinfo" | "host"; message: string; rule: string; accepted: string};

const ACCEPTED_HOSTS =
  "an https URL whose host is example.com, example.net, example.org (or a name under them) or a name under .example";
// RFC 3986 section 2: unreserved, reserved and "%" (percent-encodings are checked separately).
const URI_CHARACTERS = /^[A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]*$/;
const PERCENT_ENCODING = /%(?![0-9A-Fa-f]{2})/;
const DNS_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

export function checkFileUri(uri: string): FileUriResult {
  if (!URI_CHARACTERS.test(uri) || PERCENT_ENCODING.test(uri)) {
    return {
      ok: false,
      problem: "syntax",
      message:
        "The URI contains characters RFC 3986 does not allow unencoded (spaces, quotes, backslashes, non-ASCII, a bare '%'...).",
      rule: "RFC 3986 section 2: a URI is ASCII; other characters are percent-encoded",
      accepted: ACCEPTED_HOSTS
    };
  }
  const schemeEnd = uri.indexOf(":");
  const scheme = schemeEnd > 0 ? uri.slice(0, schemeEnd) : "";
  if (scheme.toLowerCase() !== "https") {
    return {
      ok: false,
      problem: "scheme",
      message: scheme ? `The scheme is "${scheme}", not https.` : "The URI has no scheme.",
      rule: "Lab rule: file URIs use https (RFC 9110 section 4.2.2)",
      accepted: ACCEPTED_HOSTS
    };
  }
  if (!uri.startsWith("//", schemeEnd + 1)) {
    return {
      ok: false,
      problem: "syntax",
      message: 'An https URI needs an authority: "https://host/...".',
      rule: 'RFC 3986 section 3.2: the authority is preceded by "//"',
      accepted: ACCEPTED_HOSTS
    };
  }
  const authorityStart = schemeEnd + 3;
  let authorityEnd = uri.length;
  for (const stop of ["/", "?", "#"]) {
    const at = uri.indexOf(stop, authorityStart);
    if (at >= 0 && at < authorityEnd) authorityEnd = at;
  }
  const authority = uri.slice(authorityStart, authorityEnd);
  if (authority.includes("@")) {
    return {
      ok: false,
      problem: "userinfo",
      message: `The authority "${authority}" has userinfo (text before '@'); the host is what follows the '@'.`,
      rule: "RFC 3986 section 3.2.1: userinfo; RFC 9110 section 4.2.4: https URIs must not carry userinfo",
      accepted: ACCEPTED_HOSTS
    };
  }
  const portMatch = /:([0-9]*)$/.exec(authority);
  const rawHost = portMatch ? authority.slice(0, portMatch.index) : authority;
  const port = portMatch ? portMatch[1]! : null;
  // RFC 3986 section 3.2.2: registered names are case-insensitive.
  const host = rawHost.toLowerCase();
  const hostProblem = checkExampleHost(host, rawHost);
  if (hostProblem) return hostProblem;
  return {ok: true, scheme: "https", host, port, pathAndQuery: uri.slice(authorityEnd)};
}

type FileUriProblem = Extract<FileUriResult, {ok: false}>;

/**
 * The host (lower-cased; `rawHost` as written, for messages) must be a plain
 * DNS name under a reserved example domain, so a lesson never names a real server.
 */
function checkExampleHost(host: string, rawHost: string): FileUriProblem | null {
  if (host.startsWith("[") || /^[0-9.]+$/.test(host)) {
    return {
      ok: false,
      problem: "host",
      message: `The host ${rawHost} is an IP address, not a reserved example name.`,
      rule: "RFC 2606 sections 2 and 3, RFC 6761 section 6.5: reserved example domains",
      accepted: ACCEPTED_HOSTS
    };
  }
  const labels = host.split(".");
  if (host === "" || !labels.every((label) => DNS_LABEL.test(label))) {
    return {
      ok: false,
      problem: "host",
      message:
        host === ""
          ? "The URI has an empty host."
          : `The host "${rawHost}" is not a plain DNS name (letters, digits and hyphens between dots; no trailing dot, no percent-encoding).`,
      rule: "RFC 3986 section 3.2.2 (reg-name), RFC 1123 section 2.1 (host names)",
      accepted: ACCEPTED_HOSTS
    };
  }
  if (!isReservedExampleHost(host)) {
    return {
      ok: false,
      problem: "host",
      message: `The host "${host}" is not under a reserved example domain; the lab would be pointing a reader at a real server (it never fetches it either way).`,
      rule: "RFC 2606 sections 2 and 3, RFC 6761 section 6.5: example.com, example.net, example.org and .example are reserved for documentation",
      accepted: ACCEPTED_HOSTS
    };
  }
  return null;
}

/** example.com, example.net, example.org, a name under one of them, or a name under .example. */
export function isReservedExampleHost(host: string): boolean {
  for (const domain of RESERVED_SECOND_LEVEL) {
    if (host === domain || host.endsWith(`.${domain}`)) return true;
  }
  return host.endsWith(`.${RESERVED_TOP_LEVEL}`) && host.length > RESERVED_TOP_LEVEL.length + 1;
}
