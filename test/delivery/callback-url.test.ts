import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {allowedCallbackUrl, checkCallbackUrl, type CallbackUrlCategory} from "../../lib/delivery/index.js";

describe("checkCallbackUrl", () => {
  it("allows exactly the lesson's URL", () => {
    expect(checkCallbackUrl("https://receiver.example/hook")).toMatchObject({allowed: true, category: "allowed"});
    expect(allowedCallbackUrl).toBe("https://receiver.example/hook");
  });

  // Each case changes one thing about the allowed URL; URL parsers would normalise many of them back.
  const cases: Array<[string, CallbackUrlCategory, RegExp]> = [
    ["", "not-a-url", /empty/],
    ["receiver.example/hook", "not-a-url", /scheme/],
    ["http://receiver.example/hook", "scheme", /"http".*only https/],
    ["ftp://receiver.example/hook", "scheme", /"ftp"/],
    ["HTTPS://receiver.example/hook", "not-exact", /lowercase/],
    ["https:receiver.example/hook", "not-exact", /"\/\/"/],
    ["https://Receiver.Example/hook", "not-exact", /letter case/],
    ["https://receiver.example./hook", "not-exact", /trailing dot/],
    ["https://receiver.example:443/hook", "port", /default port 443/],
    ["https://receiver.example:8443/hook", "port", /8443/],
    ["https://receiver.example:/hook", "port", /empty port/],
    ["https://receiver.example:99999/hook", "not-a-url", /outside/],
    ["https://receiver.example/hook/", "path", /trailing slash/],
    ["https://receiver.example/Hook", "path", /case-sensitive/],
    ["https://receiver.example/./hook", "path", /dot segments/],
    ["https://receiver.example/a/../hook", "path", /dot segments/],
    ["https://receiver.example", "path", /no path/],
    ["https://receiver.example/other", "path", /not \/hook/],
    ["https://receiver.example/hook?", "query", /query/],
    ["https://receiver.example/hook?x=1", "query", /query/],
    ["https://receiver.example/hook#", "fragment", /fragment/],
    ["https://receiver.example/hook#top", "fragment", /fragment/],
    ["https://user:secret@receiver.example/hook", "userinfo", /userinfo/],
    ["https://@receiver.example/hook", "userinfo", /userinfo/],
    ["https://receiver.example/%68ook", "encoding", /percent-encoded/],
    ["https://receiver%2Eexample/hook", "encoding", /percent-encoded/],
    ["https://receiver.exämple/hook", "encoding", /non-ASCII/],
    ["https://receiver.example/hook\u0000", "encoding", /control character/],
    [" https://receiver.example/hook", "whitespace", /leading or trailing/],
    ["https://receiver.example/hook\n", "whitespace", /leading or trailing/],
    ["https://receiver.example/ho ok", "whitespace", /character 28/],
    ["https://receiver.example\\hook", "not-exact", /backslash/],
    ["https://evil.example/hook", "other-host", /not the allowed host/],
    ["https://localhost/hook", "loopback-host", /loopback/],
    ["https://LOCALHOST./hook", "loopback-host", /loopback/],
    ["https://api.localhost/hook", "loopback-host", /loopback/],
    ["https://127.0.0.1/hook", "loopback-host", /loopback/],
    ["https://127.1/hook", "loopback-host", /127\.0\.0\.1/],
    ["https://2130706433/hook", "loopback-host", /127\.0\.0\.1/],
    ["https://0x7f.0.0.1/hook", "loopback-host", /127\.0\.0\.1/],
    ["https://0177.0.0.1/hook", "loopback-host", /127\.0\.0\.1/],
    ["https://0.0.0.0/hook", "loopback-host", /local machine/],
    ["https://[::1]/hook", "loopback-host", /loopback/],
    ["https://[::ffff:127.0.0.1]/hook", "loopback-host", /loopback/],
    ["https://10.0.0.1/hook", "private-host", /private/],
    ["https://172.16.5.4/hook", "private-host", /private/],
    ["https://172.31.255.255/hook", "private-host", /private/],
    ["https://192.168.1.1/hook", "private-host", /private/],
    ["https://100.64.0.1/hook", "private-host", /private/],
    ["https://[fd00::1]/hook", "private-host", /unique-local/],
    ["https://printer.internal/hook", "private-host", /private-network name/],
    ["https://169.254.169.254/hook", "link-local-host", /link-local/],
    ["https://[fe80::1]/hook", "link-local-host", /link-local/],
    ["https://printer.local/hook", "link-local-host", /link-local/],
    ["https://172.32.0.1/hook", "ip-literal-host", /IP literal/],
    ["https://93.184.216.34/hook", "ip-literal-host", /IP literal/],
    ["https://[2001:db8::1]/hook", "ip-literal-host", /IP literal/],
    ["https://[::1/hook", "not-a-url", /closing/],
    ["https://[12345::]/hook", "not-a-url", /IPv6/],
    ["https://1.2.3.256/hook", "not-a-url", /IPv4/],
    ["https:///hook", "not-a-url", /no host/],
    ["https://receiver.example:abc/hook", "not-a-url", /not a number/]
  ];

  it.each(cases)("rejects %j as %s", (url, category, reason) => {
    const check = checkCallbackUrl(url);
    expect(check.allowed).toBe(false);
    expect(check.category).toBe(category);
    expect(check.reason).toMatch(reason);
    // Every reason also says what is accepted.
    expect(check.reason).toContain(allowedCallbackUrl);
  });

  it("172.15.x and 172.32.x sit outside the 172.16.0.0/12 private block", () => {
    expect(checkCallbackUrl("https://172.15.0.1/hook").category).toBe("ip-literal-host");
    expect(checkCallbackUrl("https://172.32.0.1/hook").category).toBe("ip-literal-host");
  });

  it("never repeats userinfo (it may be a secret) in the reason", () => {
    expect(checkCallbackUrl("https://alice:hunter2@receiver.example/hook").reason).not.toMatch(/hunter2|alice/);
  });

  it("reports the leftmost problem first", () => {
    expect(checkCallbackUrl("http://localhost:8080/x?y#z").category).toBe("scheme");
    expect(checkCallbackUrl("https://localhost:8080/x?y#z").category).toBe("loopback-host");
    expect(checkCallbackUrl("https://receiver.example:8080/x?y#z").category).toBe("port");
    expect(checkCallbackUrl("https://receiver.example/hook?y#z").category).toBe("query");
  });

  it("never throws and allows only the exact string, for any text (fuzz)", () => {
    fc.assert(
      fc.property(fc.string({unit: "binary", maxLength: 80}), (text) => {
        const check = checkCallbackUrl(text);
        expect(check.allowed).toBe(text === allowedCallbackUrl);
        expect(check.reason.length).toBeGreaterThan(0);
      }),
      {numRuns: 2000}
    );
  });

  it("never throws on URL-shaped text built from URL pieces (fuzz)", () => {
    const piece = fc.constantFrom(
      "https",
      "http",
      "HTTPS",
      ":",
      "//",
      "/",
      "@",
      "[",
      "]",
      "::",
      ".",
      "..",
      "%",
      "%2e",
      "?",
      "#",
      "\\",
      "receiver",
      "example",
      "hook",
      "localhost",
      "127",
      "0x7f",
      "0",
      "1",
      "255",
      "256",
      "ffff",
      "fe80",
      " ",
      "\t",
      "é"
    );
    fc.assert(
      fc.property(fc.array(piece, {maxLength: 14}), (pieces) => {
        const text = pieces.join("");
        const check = checkCallbackUrl(text);
        expect(check.allowed).toBe(text === allowedCallbackUrl);
      }),
      {numRuns: 2000}
    );
  });

  it("rejects every single-character change of the allowed URL", () => {
    const alphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~:/?#[]@!$&'()*+,;=% ";
    fc.assert(
      fc.property(
        fc.nat({max: allowedCallbackUrl.length}),
        fc.constantFrom(...alphabet.split("")),
        fc.constantFrom("insert", "replace", "delete"),
        (position, char, edit) => {
          const before = allowedCallbackUrl.slice(0, position);
          const after = allowedCallbackUrl.slice(edit === "insert" ? position : position + 1);
          const mutated = edit === "delete" ? before + after : before + char + after;
          fc.pre(mutated !== allowedCallbackUrl);
          const check = checkCallbackUrl(mutated);
          expect(check.allowed).toBe(false);
          expect(check.category).not.toBe("allowed");
        }
      ),
      {numRuns: 2000}
    );
  });

  it("reads numeric hosts as the WHATWG URL parser does (cross-check against the URL constructor)", () => {
    const part = fc.oneof(
      fc.nat({max: 300}).map(String),
      fc.nat({max: 0xffff}).map((n) => `0x${n.toString(16)}`),
      fc.nat({max: 0o777}).map((n) => `0${n.toString(8)}`),
      fc.nat({max: 2 ** 32 + 5}).map(String)
    );
    fc.assert(
      fc.property(fc.array(part, {minLength: 1, maxLength: 5}), fc.boolean(), (parts, trailingDot) => {
        const host = parts.join(".") + (trailingDot ? "." : "");
        const check = checkCallbackUrl(`https://${host}/hook`);
        let parsedHost: string | null = null;
        try {
          parsedHost = new URL(`https://${host}/hook`).hostname;
        } catch {
          parsedHost = null;
        }
        if (parsedHost === null) {
          expect(check.category).toBe("not-a-url");
        } else {
          expect(["loopback-host", "private-host", "link-local-host", "ip-literal-host"]).toContain(check.category);
          expect(check.reason).toContain(parsedHost);
        }
      }),
      {numRuns: 1000}
    );
  });

  it("does not throw on non-string input from untyped callers", () => {
    expect(checkCallbackUrl(42 as unknown as string)).toMatchObject({allowed: false, category: "not-a-url"});
  });
});
