/**
 * A request the live receiver kept, as text a reader can read and replay: the request as it
 * arrived (credentials masked, the body's first 4 KB), and a curl command that sends it again.
 * The command never holds a credential: a masked one becomes a shell variable the reader sets,
 * named in a comment, since the receiver never kept the secret to give back.
 */
import {toVisible} from "../text/visible-text.js";
import type {LiveAttempt} from "./attempt.js";
import {isMaskedHeader} from "./redact.js";

type KeptRequest = Pick<LiveAttempt, "method" | "path" | "headers" | "body" | "bodyBytes">;

/** Headers curl sets itself, or that describe the connection rather than the request. */
const LEFT_TO_CURL = new Set([
  "host",
  "content-length",
  "connection",
  "transfer-encoding",
  "expect",
  "keep-alive",
  "accept-encoding"
]);

/** Whether the receiver kept less of the body than arrived (bytes, not characters: a body may be any UTF-8). */
const isCut = (request: KeptRequest) => new TextEncoder().encode(request.body).length < request.bodyBytes;

/** The request as it arrived, as lines of text: request line, headers, a blank line, the body kept. */
export function requestText(request: KeptRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const cut = isCut(request)
    ? `\n… (${request.bodyBytes} bytes in all; the first ${new TextEncoder().encode(request.body).length} are kept)`
    : "";
  return [`${request.method} ${request.path}`, ...headers, "", `${request.body}${cut}`].join("\n");
}

/**
 * A shell word that is exactly `text`: single-quoted, or, when it holds a character a terminal
 * acts on or hides (controls such as ESC and Ctrl-C, which a paste would run; bidi and other
 * formatting characters), ANSI-C quoted with each such character escaped (bash, zsh, ksh; POSIX
 * 2024). So the command copied is the command shown.
 */
function word(text: string): string {
  if (!UNSAFE_IN_A_TERMINAL.test(text)) return `'${text.replaceAll("'", "'\\''")}'`;
  const escaped = [...text].map((character) => {
    if (character === "\\" || character === "'") return `\\${character}`;
    if (!UNSAFE_IN_A_TERMINAL.test(character)) return character;
    // Its UTF-8 bytes, each \\xHH: the body's own bytes whatever the shell's locale (\\u needs a UTF-8 one).
    return [...new TextEncoder().encode(character)].map((byte) => `\\x${byte.toString(16).padStart(2, "0")}`).join("");
  });
  return `$'${escaped.join("")}'`;
}

/** C0, DEL, C1, and formatting characters (bidi, zero-width): what a terminal acts on or does not show. */
const UNSAFE_IN_A_TERMINAL = /[\u0000-\u001f\u007f-\u009f\p{Cf}\u2028\u2029]/u;

/**
 * curl sending the request again to the receiver's own origin. A credential the receiver masked
 * becomes $CREDENTIAL_n, set by the reader; the body goes through standard input (`--data-binary @-`),
 * so a body starting with "@" is sent as it is, never read as a file name.
 */
export function requestAsCurl(request: KeptRequest, origin: string): string {
  const notes: string[] = [];
  const headerFlags: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (LEFT_TO_CURL.has(name)) continue;
    if (isMaskedHeader(name)) {
      const variable = `CREDENTIAL_${notes.length + 1}`;
      const scheme = /^([A-Za-z][\w-]{0,30}) /.exec(value)?.[1];
      notes.push(`# ${variable}: the ${toVisible(name)} credential, masked by the receiver as ${toVisible(value)}`);
      headerFlags.push(`-H ${word(`${name}: ${scheme ? `${scheme} ` : ""}`)}"$${variable}"`);
    } else {
      headerFlags.push(`-H ${word(`${name}: ${value}`)}`);
    }
  }
  if (isCut(request))
    notes.push(
      `# The receiver kept the body's first ${new TextEncoder().encode(request.body).length} of ${request.bodyBytes} bytes: this sends only those.`
    );
  // Always the receiver's own origin: a path such as //elsewhere/ must not send the copy to another host.
  const url = `${originOf(origin)}/${request.path.replace(/^\/+/, "")}`;
  const curl = [`curl -i -X ${word(request.method)} ${word(url)}`, ...headerFlags, "--data-binary @-"].join(" \\\n  ");
  return [...notes, `printf '%s' ${word(request.body)} | ${curl}`].join("\n");
}

/** The origin of the receiver's URL, or loopback's when what the receiver said is not a URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "http://127.0.0.1";
  }
}
