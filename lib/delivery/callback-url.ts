/**
 * The push-config URL gate. The lesson's sender dispatches only to one exact
 * callback URL; anything else is rejected before dispatch with a specific
 * reason. Pure string analysis: no DNS, no HTTP, and no URL normalisation
 * (the WHATWG URL constructor would lower-case, drop default ports and resolve
 * dot segments, so it is not used for the decision).
 */

/** The only callback URL the lesson's sender will call, compared byte for byte. */
export const allowedCallbackUrl = "https://receiver.example/hook";

const allowedScheme = "https";
const allowedHost = "receiver.example";
const allowedPath = "/hook";

/** Why a URL was rejected (or "allowed"); one category per reason. */
export type CallbackUrlCategory =
  | "allowed"
  | "not-a-url"
  | "whitespace"
  | "encoding"
  | "scheme"
  | "userinfo"
  | "loopback-host"
  | "private-host"
  | "link-local-host"
  | "ip-literal-host"
  | "other-host"
  | "port"
  | "path"
  | "query"
  | "fragment"
  | "not-exact";

export interface CallbackUrlCheck {
  allowed: boolean;
  category: CallbackUrlCategory;
  /** One sentence naming the rule and what is accepted. Never echoes userinfo. */
  reason: string;
}

const acceptedForm = `only ${allowedCallbackUrl} is accepted, exactly as written`;

function reject(category: CallbackUrlCategory, problem: string): CallbackUrlCheck {
  return {allowed: false, category, reason: `${problem}; ${acceptedForm}.`};
}

/** Shows a fragment of user input safely inside a reason (bounded length). */
function quote(text: string): string {
  const shown = text.length > 60 ? `${text.slice(0, 57)}...` : text;
  return JSON.stringify(shown);
}

function codePoint(char: string): string {
  return `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * Decides whether `url` may be used as the push-notification callback. Never
 * throws, for any input. Problems are reported left to right (scheme, userinfo,
 * host, port, path, query, fragment), after whole-string problems (whitespace,
 * control or non-ASCII characters, backslashes).
 */
export function checkCallbackUrl(url: string): CallbackUrlCheck {
  if (typeof url !== "string") return reject("not-a-url", "the callback URL is not text");
  if (url === allowedCallbackUrl) {
    return {allowed: true, category: "allowed", reason: `Exactly the allowed callback URL ${allowedCallbackUrl}.`};
  }
  if (url.length === 0) return reject("not-a-url", "the callback URL is empty");

  const characterProblem = checkCharacters(url);
  if (characterProblem) return characterProblem;

  const schemeMatch = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(url);
  if (!schemeMatch) return reject("not-a-url", 'the text has no URL scheme (such as "https:")');
  const scheme = schemeMatch[1] ?? "";
  const schemeProblem = checkScheme(scheme);
  if (schemeProblem) return schemeProblem;

  const afterScheme = url.slice(scheme.length + 1);
  if (!afterScheme.startsWith("//")) {
    return reject("not-exact", '"https:" is not followed by "//" and a host');
  }
  const rest = afterScheme.slice(2);
  const authorityEnd = firstIndexOfAny(rest, "/?#");
  const authority = rest.slice(0, authorityEnd);
  const remainder = rest.slice(authorityEnd);

  if (authority.includes("@")) {
    // The userinfo may hold a secret, so the reason does not repeat it.
    return reject("userinfo", 'the URL carries userinfo (credentials before "@" in the host part)');
  }

  const hostPort = splitHostAndPort(authority);
  if ("problem" in hostPort) return hostPort.problem;
  const hostProblem = hostPort.bracketed ? checkIpv6Host(hostPort.host) : checkHostName(hostPort.host);
  if (hostProblem) return hostProblem;
  if (hostPort.port !== null) return portProblem(hostPort.port);

  const pathEnd = firstIndexOfAny(remainder, "?#");
  const path = remainder.slice(0, pathEnd);
  const pathProblem = checkPath(path);
  if (pathProblem) return pathProblem;

  const tail = remainder.slice(pathEnd);
  if (tail.startsWith("?")) {
    return reject("query", 'the URL has a query ("?..."), even an empty one counts');
  }
  if (tail.startsWith("#")) {
    return reject("fragment", 'the URL has a fragment ("#..."), even an empty one counts');
  }
  // Every component matched, yet the strings differ: should be unreachable.
  return reject("not-exact", "the URL differs from the allowed form");
}

/**
 * Whole-string problems, found before the URL is split: characters a parser
 * would strip, re-encode or rewrite, so the URL it calls is not the one written.
 */
function checkCharacters(url: string): CallbackUrlCheck | null {
  const whitespace = /\s/.exec(url);
  if (whitespace) {
    if (url.trim() === allowedCallbackUrl) {
      return reject("whitespace", "the URL has leading or trailing whitespace, which is not stripped");
    }
    return reject(
      "whitespace",
      `the URL contains whitespace (${codePoint(whitespace[0])}) at character ${whitespace.index + 1}`
    );
  }
  // eslint-disable-next-line no-control-regex
  const control = /[\u0000-\u001f\u007f]/.exec(url);
  if (control) {
    return reject(
      "encoding",
      `the URL contains the control character ${codePoint(control[0])} at character ${control.index + 1}`
    );
  }
  const nonAscii = /[^\u0000-\u007f]/.exec(url);
  if (nonAscii) {
    return reject(
      "encoding",
      `the URL contains the non-ASCII character ${codePoint(nonAscii[0])} at character ${nonAscii.index + 1}, which parsers would re-encode`
    );
  }
  if (url.includes("\\")) {
    return reject("not-exact", 'the URL contains a backslash, which URL parsers rewrite to "/"');
  }
  return null;
}

/** Only https, written in lowercase: the scheme is compared, not folded. */
function checkScheme(scheme: string): CallbackUrlCheck | null {
  if (scheme.toLowerCase() !== allowedScheme) {
    const plainText =
      scheme.toLowerCase() === "http" ? " (plain-text HTTP would expose the payload and credential)" : "";
    return reject("scheme", `the scheme ${quote(scheme)} is not allowed${plainText}; only https`);
  }
  if (scheme !== allowedScheme) {
    return reject(
      "not-exact",
      `the scheme is written ${quote(scheme)}; case is not folded, the allowed form is lowercase "https"`
    );
  }
  return null;
}

function firstIndexOfAny(text: string, chars: string): number {
  for (let i = 0; i < text.length; i++) {
    if (chars.includes(text.charAt(i))) return i;
  }
  return text.length;
}

type HostPort = {host: string; port: string | null; bracketed: boolean} | {problem: CallbackUrlCheck};

function splitHostAndPort(authority: string): HostPort {
  if (authority.startsWith("[")) {
    const close = authority.indexOf("]");
    if (close < 0) return {problem: reject("not-a-url", 'the IPv6 host literal has no closing "]"')};
    const after = authority.slice(close + 1);
    if (after !== "" && !after.startsWith(":")) {
      return {problem: reject("not-a-url", "unexpected text after the IPv6 host literal")};
    }
    return {host: authority.slice(1, close), port: after === "" ? null : after.slice(1), bracketed: true};
  }
  const colon = authority.lastIndexOf(":");
  if (colon < 0) return {host: authority, port: null, bracketed: false};
  return {host: authority.slice(0, colon), port: authority.slice(colon + 1), bracketed: false};
}

function portProblem(port: string): CallbackUrlCheck {
  if (port === "") return reject("port", 'the host is followed by an empty port (a bare ":")');
  if (!/^[0-9]+$/.test(port)) return reject("not-a-url", `the port ${quote(port)} is not a number`);
  const value = Number(port);
  if (value > 65535) return reject("not-a-url", `the port ${quote(port)} is outside 0-65535`);
  if (value === 443) {
    return reject("port", "the URL spells out the default port 443, which parsers drop; the allowed form has no port");
  }
  return reject(
    "port",
    `the port ${value} is not allowed; the allowed form uses the default HTTPS port and writes none`
  );
}

// Special-use host names (RFC 6761 localhost, RFC 6762 .local, RFC 8375
// home.arpa, ICANN-reserved .internal) that resolve inside the caller's network.
const loopbackNames = /(^|\.)localhost$/;
const linkLocalNames = /\.local$/;
const privateNames = /(^|\.)(home\.arpa|internal)$/;

function checkHostName(host: string): CallbackUrlCheck | null {
  if (host === "") return reject("not-a-url", "the URL has no host");
  if (host.includes("%")) return reject("encoding", `the host ${quote(host)} is percent-encoded`);
  if (endsInNumber(host)) {
    const address = parseIpv4(host);
    if (address === null)
      return reject("not-a-url", `the host ${quote(host)} looks numeric but is not a valid IPv4 address`);
    return classifyIpv4(address, host);
  }
  if (!/^[A-Za-z0-9._-]+$/.test(host)) {
    return reject("not-a-url", `the host ${quote(host)} has characters not allowed in a host name`);
  }
  const name = host.toLowerCase().replace(/\.$/, "");
  if (loopbackNames.test(name)) return reject("loopback-host", `the host ${quote(host)} is a loopback name`);
  if (linkLocalNames.test(name))
    return reject("link-local-host", `the host ${quote(host)} is a link-local (.local, mDNS) name`);
  if (privateNames.test(name)) return reject("private-host", `the host ${quote(host)} is a private-network name`);
  if (host === allowedHost) return null;
  if (name === allowedHost) {
    const why = host.endsWith(".") ? "a trailing dot" : "different letter case";
    return reject("not-exact", `the host is written ${quote(host)} with ${why}; host names are not normalised here`);
  }
  return reject("other-host", `the host ${quote(host)} is not the allowed host ${allowedHost}`);
}

// --- IPv4, following the WHATWG URL host parser so that forms like
// "127.1", "0x7f.0.0.1", "0177.0.0.1" and "2130706433" are recognised.

function endsInNumber(host: string): boolean {
  const parts = host.split(".");
  if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
  const last = parts[parts.length - 1] ?? "";
  if (last !== "" && /^[0-9]+$/.test(last)) return true;
  return parseIpv4Number(last) !== null;
}

function parseIpv4Number(text: string): number | null {
  if (text === "") return null;
  let digits = text;
  let radix = 10;
  if (/^0[xX]/.test(digits)) {
    digits = digits.slice(2);
    radix = 16;
    if (digits === "") return 0;
  } else if (digits.length > 1 && digits.startsWith("0")) {
    digits = digits.slice(1);
    radix = 8;
  }
  const pattern = radix === 16 ? /^[0-9a-fA-F]+$/ : radix === 8 ? /^[0-7]+$/ : /^[0-9]+$/;
  if (!pattern.test(digits)) return null;
  return parseInt(digits, radix);
}

function parseIpv4(host: string): number | null {
  const parts = host.split(".");
  if (parts[parts.length - 1] === "" && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const value = parseIpv4Number(part);
    if (value === null) return null;
    numbers.push(value);
  }
  let address = 0;
  for (let i = 0; i < numbers.length - 1; i++) {
    const value = numbers[i] ?? 0;
    if (value > 255) return null;
    address += value * 256 ** (3 - i);
  }
  const last = numbers[numbers.length - 1] ?? 0;
  if (last >= 256 ** (5 - numbers.length)) return null;
  return address + last;
}

function dotted(address: number): string {
  return [24, 16, 8, 0].map((shift) => Math.floor(address / 2 ** shift) % 256).join(".");
}

function inRange(address: number, base: string, prefixBits: number): boolean {
  const baseAddress = parseIpv4(base) ?? 0;
  const size = 2 ** (32 - prefixBits);
  return Math.floor(address / size) === Math.floor(baseAddress / size);
}

function classifyIpv4(address: number, written: string): CallbackUrlCheck {
  const shown = dotted(address) === written ? quote(written) : `${quote(written)} (= ${dotted(address)})`;
  if (inRange(address, "127.0.0.0", 8)) return reject("loopback-host", `the host ${shown} is a loopback address`);
  if (inRange(address, "0.0.0.0", 8)) {
    return reject("loopback-host", `the host ${shown} is a "this host" address that reaches the local machine`);
  }
  if (inRange(address, "169.254.0.0", 16)) {
    return reject("link-local-host", `the host ${shown} is a link-local address (where cloud metadata services live)`);
  }
  if (
    inRange(address, "10.0.0.0", 8) ||
    inRange(address, "172.16.0.0", 12) ||
    inRange(address, "192.168.0.0", 16) ||
    inRange(address, "100.64.0.0", 10)
  ) {
    return reject("private-host", `the host ${shown} is a private-network address`);
  }
  return reject(
    "ip-literal-host",
    `the host ${shown} is an IP literal; the allowed form names the host ${allowedHost}`
  );
}

// --- IPv6 literals (inside brackets).

function parseIpv6(text: string): number[] | null {
  let body = text;
  const tailGroups: number[] = [];
  const lastColon = body.lastIndexOf(":");
  const lastPart = body.slice(lastColon + 1);
  if (lastPart.includes(".")) {
    // Embedded IPv4 in strict dotted-decimal form.
    if (!/^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.test(lastPart)) return null;
    const octets = lastPart.split(".").map(Number);
    if (octets.some((octet) => octet > 255)) return null;
    tailGroups.push((octets[0] ?? 0) * 256 + (octets[1] ?? 0), (octets[2] ?? 0) * 256 + (octets[3] ?? 0));
    // Drop the IPv4 part and its ":" separator, but keep a "::" intact.
    body = body.slice(0, lastColon + 1);
    if (body.endsWith(":") && !body.endsWith("::")) body = body.slice(0, -1);
  }
  const halves = body.split("::");
  if (halves.length > 2) return null;
  const parseGroups = (half: string): number[] | null => {
    if (half === "") return [];
    const groups: number[] = [];
    for (const group of half.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(group)) return null;
      groups.push(parseInt(group, 16));
    }
    return groups;
  };
  const head = parseGroups(halves[0] ?? "");
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? "") : [];
  if (head === null || tail === null) return null;
  const explicit = head.length + tail.length + tailGroups.length;
  if (halves.length === 2) {
    if (explicit > 7) return null;
    return [...head, ...new Array<number>(8 - explicit).fill(0), ...tail, ...tailGroups];
  }
  if (explicit !== 8) return null;
  return [...head, ...tailGroups];
}

function checkIpv6Host(text: string): CallbackUrlCheck {
  if (text.includes("%")) return reject("encoding", "the IPv6 host literal has a percent-encoded zone identifier");
  const groups = parseIpv6(text);
  if (groups === null)
    return reject("not-a-url", `the host [${text.length > 60 ? "..." : text}] is not a valid IPv6 literal`);
  const shown = quote(`[${text}]`);
  const first = groups[0] ?? 0;
  const upperZero = groups.slice(0, 5).every((group) => group === 0);
  if (upperZero && groups[5] === 0xffff) {
    const mapped = (groups[6] ?? 0) * 65536 + (groups[7] ?? 0);
    return classifyIpv4(mapped, `[${text}]`);
  }
  if (groups.slice(0, 7).every((group) => group === 0) && (groups[7] === 1 || groups[7] === 0)) {
    return reject("loopback-host", `the host ${shown} is the IPv6 loopback or unspecified address`);
  }
  if ((first & 0xffc0) === 0xfe80) return reject("link-local-host", `the host ${shown} is an IPv6 link-local address`);
  if ((first & 0xfe00) === 0xfc00)
    return reject("private-host", `the host ${shown} is an IPv6 unique-local (private) address`);
  return reject(
    "ip-literal-host",
    `the host ${shown} is an IP literal; the allowed form names the host ${allowedHost}`
  );
}

// --- Path.

function checkPath(path: string): CallbackUrlCheck | null {
  if (path === allowedPath) return null;
  if (path.includes("%"))
    return reject("encoding", `the path ${quote(path)} is percent-encoded; nothing is decoded before comparing`);
  if (path === "") return reject("path", `the URL has no path; the allowed path is ${allowedPath}`);
  const segments = path.split("/").slice(1);
  if (segments.some((segment) => segment === "." || segment === "..")) {
    return reject("path", `the path ${quote(path)} has dot segments, which parsers resolve; the allowed path has none`);
  }
  if (path === `${allowedPath}/`) return reject("path", `the path ${quote(path)} has a trailing slash`);
  if (path.toLowerCase() === allowedPath) {
    return reject("path", `the path ${quote(path)} differs in letter case; paths are case-sensitive`);
  }
  return reject("path", `the path ${quote(path)} is not ${allowedPath}`);
}
