// @vitest-environment jsdom
/** A cell's frame document: sandboxed to scripts, one script allowed by its policy, nothing fetched. */
import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {CELL_FRAME_SANDBOX, cellFrameDocument} from "../../src/components/notebook/cell-frame-document.js";

const BASE = "https://course.example/lessons/delivery?seed=3";

function parsed(scriptHref: string, baseUri = BASE): Document {
  return new DOMParser().parseFromString(cellFrameDocument(scriptHref, baseUri), "text/html");
}

/** The frame's policy as directive name → its sources. */
function policy(document: Document): Map<string, string[]> {
  const metas = document.querySelectorAll('meta[http-equiv="Content-Security-Policy"]');
  expect(metas).toHaveLength(1);
  const directives = metas[0]!
    .getAttribute("content")!
    .split(";")
    .map((directive) => directive.trim().split(/\s+/));
  return new Map(directives.map(([name, ...sources]) => [name!, sources]));
}

const scriptOf = (document: Document) => {
  const scripts = document.querySelectorAll("script");
  expect(scripts).toHaveLength(1);
  return scripts[0]!;
};

/** Every element with its attributes' names, in document order: what an escape would change. */
const shape = (document: Document) =>
  [...document.querySelectorAll("*")].map((element) => [element.localName, ...element.getAttributeNames()].join(" "));

const EXPECTED_SHAPE = [
  "html lang",
  "head",
  "meta charset",
  "meta http-equiv content",
  "meta name content",
  "style",
  "body",
  "main id",
  "script src"
];

describe("cellFrameDocument", () => {
  const href = "/_file/notebook/frame.js?v=0123abcd";
  const absolute = "https://course.example/_file/notebook/frame.js";

  it("lets the frame run its one script and eval, and nothing else", () => {
    const directives = policy(parsed(href));
    expect(directives.get("default-src")).toEqual(["'none'"]);
    expect(directives.get("script-src")).toEqual([absolute, "'unsafe-eval'"]);
    expect(directives.get("base-uri")).toEqual(["'none'"]);
    expect(directives.get("form-action")).toEqual(["'none'"]);
  });

  it("fetches nothing from any network: no connect-src, and images only from data:", () => {
    const directives = policy(parsed(href));
    expect(directives.has("connect-src")).toBe(false);
    expect(directives.get("img-src")).toEqual(["data:"]);
    for (const [name, sources] of directives) {
      if (name === "script-src") continue;
      for (const source of sources) expect(source).not.toMatch(/^(https?:|\*|'self'|[\w.-]+\.\w+)/);
    }
  });

  it("loads the script from its absolute URL, query kept", () => {
    const document = parsed(href);
    expect(scriptOf(document).getAttribute("src")).toBe(`${absolute}?v=0123abcd`);
    expect(shape(document)).toEqual(EXPECTED_SHAPE);
  });

  it("resolves a relative href against the base", () => {
    const document = parsed("frame.js?v=1", "https://course.example/course/lessons/storm");
    expect(scriptOf(document).getAttribute("src")).toBe("https://course.example/course/lessons/frame.js?v=1");
    expect(policy(document).get("script-src")).toEqual([
      "https://course.example/course/lessons/frame.js",
      "'unsafe-eval'"
    ]);
  });

  it("keeps an href already absolute, on another origin too", () => {
    const document = parsed("https://cdn.example/f.js", BASE);
    expect(scriptOf(document).getAttribute("src")).toBe("https://cdn.example/f.js");
    expect(policy(document).get("script-src")).toEqual(["https://cdn.example/f.js", "'unsafe-eval'"]);
  });

  it.each<[string, string]>([
    ["a semicolon", "/_file/a;b/frame.js"],
    ["a comma", "/_file/a,b/frame.js"],
    ["a quote", "/_file/it's/frame.js"],
    ["a quoted keyword after it", "/frame.js%20'unsafe-inline'"]
  ])("falls back to 'self' for a path holding %s, which a policy cannot hold", (_, path) => {
    const document = parsed(path);
    expect(policy(document).get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(scriptOf(document).getAttribute("src")).toBe(new URL(path, BASE).href);
  });

  it.each(["about:blank", "data:alert(1)", "data:text/javascript,1", "foo://host/frame.js"])(
    "falls back to 'self' for a script with no origin of its own: %s",
    (scriptHref) => {
      expect(policy(parsed(scriptHref)).get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    }
  );

  it("names a path with a space by its percent-encoded form (the URL encodes it; no second source appears)", () => {
    const document = parsed("/my frame.js 'unsafe-inline'");
    expect(policy(document).get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    expect(policy(parsed("/my frame.js")).get("script-src")).toEqual([
      "https://course.example/my%20frame.js",
      "'unsafe-eval'"
    ]);
  });

  it("cannot be broken out of by an href holding \", <, >, ' or &", () => {
    const hostile = [
      '"><script>alert(1)</script>',
      "' onload='alert(1)",
      '?a="b"&amp;c=<d>',
      '#"></script><img src=x onerror=alert(1)>',
      "x.js?q=&lt;&quot;"
    ];
    for (const tail of hostile) {
      const document = parsed(`/frame.js${tail}`);
      expect(shape(document)).toEqual(EXPECTED_SHAPE);
      expect(scriptOf(document).getAttribute("src")).toBe(new URL(`/frame.js${tail}`, BASE).href);
    }
  });

  // The URL parser percent-encodes " and < in a path, query and fragment, but not in a host or an
  // opaque path: these reach the attribute as they were written.
  it.each(['https://a"b.example/frame.js', 'javascript:"><img src=x onerror=alert(1)>', 'foo://x"y/<z>'])(
    "cannot be broken out of by an absolute href whose URL keeps a quote: %s",
    (scriptHref) => {
      expect(new URL(scriptHref).href).toMatch(/"/);
      const document = parsed(scriptHref);
      expect(shape(document)).toEqual(EXPECTED_SHAPE);
      expect(scriptOf(document).getAttribute("src")).toBe(new URL(scriptHref).href);
      expect(policy(document).get("script-src")).toEqual(["'self'", "'unsafe-eval'"]);
    }
  );

  it("keeps its shape and its policy whatever the href", () => {
    const pathCharacters = fc.constantFrom(..."ab/.-_~%&;,=+'\"<>?# !$()*@:[]\\`{}|^\n\t");
    fc.assert(
      fc.property(fc.string({unit: pathCharacters, maxLength: 40}), (tail) => {
        const document = parsed(`/f${tail}`);
        const expected = new URL(`/f${tail}`, BASE);
        expect(shape(document)).toEqual(EXPECTED_SHAPE);
        expect(scriptOf(document).getAttribute("src")).toBe(expected.href);
        const directives = policy(document);
        expect([...directives.keys()]).toEqual([
          "default-src",
          "script-src",
          "style-src",
          "img-src",
          "base-uri",
          "form-action"
        ]);
        const [source, ...rest] = directives.get("script-src")!;
        expect(rest).toEqual(["'unsafe-eval'"]);
        expect([`${expected.origin}${expected.pathname}`, "'self'"]).toContain(source);
      }),
      {numRuns: 300}
    );
  });
});

describe("CELL_FRAME_SANDBOX", () => {
  it("allows scripts and nothing else: an opaque origin, no same-origin", () => {
    expect(CELL_FRAME_SANDBOX).toBe("allow-scripts");
    expect(CELL_FRAME_SANDBOX).not.toContain("allow-same-origin");
  });
});
