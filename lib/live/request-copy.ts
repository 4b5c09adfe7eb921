/**
 * A request the live receiver kept, as text a reader can read and replay: the request as it
 * arrived (credentials masked, the body's first 4 KB), and a curl command that sends it again.
 * The command never holds a credential: a masked one becomes a shell variable the reader sets,
 * named in a comment, since the receiver never kept the secret to give back.
 */
import type {LiveAttempt} from "./attempt.js";

type KeptRequest = Pick<LiveAttempt, "method" | "path" | "headers" | "body" | "bodyBytes">;

/** Headers curl sets itself, or that describe the connection rather than the request. */
const LEFT_TO_CURL = new Set(["host", "content-length", "connection", "transfer-encoding", "expect", "keep-alive", "accept-encoding"]);
/** A value the receiver masked (maskCredential): "Bearer abcd…(43 characters)". */
const MASKED = /…\(\d+ characters\)$/;

/** Whether the receiver kept less of the body than arrived (bytes, not characters: a body may be any UTF-8). */
const isCut = (request: KeptRequest) => new TextEncoder().encode(request.body).length < request.bodyBytes;

/** The request as it arrived, as lines of text: request line, headers, a blank line, the body kept. */
export function requestText(request: KeptRequest): string {
  const headers = Object.entries(request.headers).map(([name, value]) => `${name}: ${value}`);
  const cut = isCut(request) ? `\n… (${request.bodyBytes} bytes in all; the first ${request.body.length} characters are kept)` : "";
  return [`${request.method} ${request.path}`, ...headers, "", `${request.body}${cut}`].join("\n");
}

/** A POSIX shell word: single-quoted, a quote inside written as '\''. */
const quoted = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;

/** curl sending the request again to `origin` (the receiver's own, by default): masked credentials as $CREDENTIAL_1…, set by the reader. */
export function requestAsCurl(request: KeptRequest, origin: string): string {
  const notes: string[] = [];
  const headerFlags: string[] = [];
  for (const [name, value] of Object.entries(request.headers)) {
    if (LEFT_TO_CURL.has(name)) continue;
    if (MASKED.test(value)) {
      const variable = `CREDENTIAL_${notes.length + 1}`;
      const scheme = /^([A-Za-z][\w-]*) /.exec(value)?.[1];
      notes.push(`# ${variable}: the ${name} credential, masked by the receiver as ${value}`);
      headerFlags.push(`-H "${name}: ${scheme ? `${scheme} ` : ""}$${variable}"`);
    } else {
      headerFlags.push(`-H ${quoted(`${name}: ${value}`)}`);
    }
  }
  if (isCut(request)) notes.push(`# The receiver kept the body's first ${request.body.length} characters of ${request.bodyBytes} bytes: this sends only those.`);
  // Always the receiver's own origin: a path such as //elsewhere/ must not send the copy to another host.
  const url = `${originOf(origin)}/${request.path.replace(/^\/+/, "")}`;
  return [...notes, [`curl -i -X ${request.method} ${quoted(url)}`, ...headerFlags, `--data-binary ${quoted(request.body)}`].join(" \\\n  ")].join("\n");
}

/** The origin of the receiver's URL, or loopback's when what the receiver said is not a URL. */
function originOf(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return "http://127.0.0.1";
  }
}
