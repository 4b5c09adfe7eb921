import {describe, expect, test} from "vitest";
import {checkFileUri, isReservedExampleHost} from "../../lib/message/file-uri.js";

describe("file URIs: https on a reserved example domain (RFC 2606, RFC 6761), no userinfo", () => {
  test.each([
    "https://example.com/a.pdf",
    "https://example.net",
    "https://example.org/x?y=1#z",
    "https://files.example.com/reports/q3.pdf",
    "HTTPS://EXAMPLE.COM/a",
    "https://example.com:8443/a",
    "https://docs.example/readme.txt",
    "https://a.b.example/%20x"
  ])("accepts %s", (uri) => {
    expect(checkFileUri(uri).ok).toBe(true);
  });

  test.each([
    ["http://example.com/a", "scheme"],
    ["ftp://example.com/a", "scheme"],
    ["example.com/a", "scheme"],
    ["https:example.com/a", "syntax"],
    ["https://user@example.com/a", "userinfo"],
    ["https://example.com@evil.test/a", "userinfo"],
    ["https://:@example.com/a", "userinfo"],
    ["https://example.com.evil.net/a", "host"],
    ["https://notexample.com/a", "host"],
    ["https://example.co/a", "host"],
    ["https://example/a", "host"],
    ["https://cdn.acme-files.net/q3.pdf", "host"],
    ["https://127.0.0.1/a", "host"],
    ["https://[::1]/a", "host"],
    ["https://example.com./a", "host"],
    ["https://ex%61mple.com/a", "host"],
    ["https:///a", "host"],
    ["https://example.com\\@evil.net/", "syntax"],
    ["https://exämple.com/", "syntax"],
    ["https://example.com/a b", "syntax"],
    ["https://example.com/%zz", "syntax"]
  ])("rejects %s (%s)", (uri, problem) => {
    const result = checkFileUri(uri);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.problem).toBe(problem);
  });

  test("reserved names", () => {
    expect(isReservedExampleHost("example.com")).toBe(true);
    expect(isReservedExampleHost("a.example.org")).toBe(true);
    expect(isReservedExampleHost("x.example")).toBe(true);
    expect(isReservedExampleHost("example")).toBe(false);
    expect(isReservedExampleHost("myexample.com")).toBe(false);
  });
});
