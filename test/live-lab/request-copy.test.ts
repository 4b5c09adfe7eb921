/**
 * A kept request as text and as curl: credentials stay masked (a variable the reader sets), quotes
 * in values cannot end the shell word, a cut body says so, and the command always targets the
 * receiver's own origin.
 */
import {execFileSync} from "node:child_process";
import {describe, expect, it} from "vitest";
import {maskCredential, requestAsCurl, requestText} from "../../lib/live/index.js";

const request = {
  method: "POST",
  path: "/hook",
  bodyBytes: 26,
  body: `{"note":"it's \\"quoted\\""}`,
  headers: {
    host: "127.0.0.1:8787",
    "content-type": "application/json",
    authorization: maskCredential("Bearer s3cret-token-value"),
    "x-odd": "a'b $(touch /tmp/x)"
  }
};

/** What bash runs the copied command as: curl's arguments, one a line, and the body on its standard input. */
function replayed(curl: string): {words: string[]; body: string} {
  const out = execFileSync("bash", ["-c", `curl() { printf '%s\\n' "$@"; printf 'STDIN:'; cat; }\n${curl}`], {
    encoding: "utf8",
    env: {CREDENTIAL_1: "T"}
  });
  const at = out.indexOf("STDIN:");
  return {words: out.slice(0, at).split("\n").filter(Boolean), body: out.slice(at + "STDIN:".length)};
}

describe("a kept request, to read and to send again", () => {
  it("reads as the request arrived: request line, headers, a blank line, the body", () => {
    expect(requestText(request)).toBe(
      `POST /hook\nhost: 127.0.0.1:8787\ncontent-type: application/json\nauthorization: Bearer s3cr…(18 characters)\nx-odd: a'b $(touch /tmp/x)\n\n${request.body}`
    );
    expect(requestText({...request, bodyBytes: 9000})).toMatch(/\n… \(9000 bytes in all; the first 26 are kept\)$/);
  });

  it("as curl: no credential, a variable named for it; every word and the body survive the shell exactly", () => {
    const curl = requestAsCurl(request, "http://127.0.0.1:8787");
    expect(curl).not.toContain("s3cret-token-value");
    expect(curl).toMatch(
      /^# CREDENTIAL_1: the authorization credential, masked by the receiver as Bearer s3cr…\(18 characters\)\n/
    );
    expect(curl).toContain(`-H 'authorization: Bearer '"$CREDENTIAL_1"`);
    expect(curl).not.toMatch(/-H 'host:/);
    expect(replayed(curl)).toEqual({
      words: expect.arrayContaining([
        "x-odd: a'b $(touch /tmp/x)",
        "authorization: Bearer T",
        "http://127.0.0.1:8787/hook",
        "@-"
      ]),
      body: request.body
    });
  });

  it("a hostile body (ESC, Ctrl-C, a bracketed-paste end, bidi, a leading @) is escaped where shown and sent exactly as received", () => {
    const body = "@/etc/passwd\u001b[201~\u0003echo pwned\u202Eevil\u0085";
    const curl = requestAsCurl(
      {...request, body, bodyBytes: new TextEncoder().encode(body).length},
      "http://127.0.0.1:8787"
    );
    expect(curl).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202E]/u);
    expect(curl).toContain("$'@/etc/passwd\\x1b[201~\\x03echo pwned\\xe2\\x80\\xaeevil\\xc2\\x85'");
    expect(replayed(curl).body).toBe(body);
  });

  it("targets the receiver's own origin, whatever the path", () => {
    expect(requestAsCurl({...request, path: "//elsewhere.example/x"}, "http://127.0.0.1:8787")).toContain(
      "'http://127.0.0.1:8787/elsewhere.example/x'"
    );
  });
});

describe("a body of other scripts than Latin", () => {
  it("is not called cut when every byte was kept", () => {
    const body = '{"note":"ключ"}';
    expect(requestText({...request, body, bodyBytes: new TextEncoder().encode(body).length})).not.toMatch(
      /bytes in all/
    );
  });
});
