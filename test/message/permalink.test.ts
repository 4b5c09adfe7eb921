import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {MESSAGE_EXAMPLES} from "../../lib/message/examples.js";
import {
  MAX_LINKED_REQUEST_BYTES,
  MAX_LINKED_REQUEST_CHARACTERS,
  decodeLinkedRequest,
  encodeLinkedRequest,
  readMessageLink,
  readPinnedMessage,
  writeMessageLink,
  writePinnedMessage
} from "../../lib/message/permalink.js";

const first = MESSAGE_EXAMPLES[0]!;
const notification = MESSAGE_EXAMPLES.find((example) => example.id === "notification")!;

describe("message lab links", () => {
  it("omits everything for the first example, unedited, and names any other example", () => {
    expect(writeMessageLink({exampleId: first.id, requestText: first.requestText, version: "0.3"})).toEqual({
      search: "",
      carriesRequest: false,
      omittedReason: null
    });
    expect(
      writeMessageLink({exampleId: "notification", requestText: notification.requestText, version: "0.3"}).search
    ).toBe("?example=notification");
    expect(readMessageLink("")).toEqual({
      exampleId: first.id,
      requestText: first.requestText,
      version: "0.3",
      notices: []
    });
    expect(readMessageLink("?example=notification")).toEqual({
      exampleId: "notification",
      requestText: notification.requestText,
      version: "0.3",
      notices: []
    });
  });

  it("carries an edit of every example and reads it back exactly", () => {
    for (const example of MESSAGE_EXAMPLES) {
      const requestText = `${example.requestText}\n`;
      const written = writeMessageLink({exampleId: example.id, requestText, version: "0.3"});
      expect(written.carriesRequest, example.id).toBe(true);
      expect(written.search.length, example.id).toBeLessThan(MAX_LINKED_REQUEST_CHARACTERS + 60);
      expect(readMessageLink(written.search), example.id).toEqual({
        exampleId: example.id,
        requestText,
        version: "0.3",
        notices: []
      });
    }
  });

  it("round-trips any well-formed text that fits, byte order mark and all", () => {
    const text = fc.oneof(
      fc.string({unit: "binary", minLength: 1, maxLength: 300}),
      fc.string({unit: "binary", maxLength: 300}).map((s) => `\uFEFF${s}`)
    );
    fc.assert(
      fc.property(text, fc.constantFrom(...MESSAGE_EXAMPLES.map((e) => e.id)), (requestText, exampleId) => {
        const written = writeMessageLink({exampleId, requestText, version: "0.3"});
        const reading = readMessageLink(written.search);
        expect(reading.notices).toEqual([]);
        expect(reading.requestText).toBe(requestText);
        expect(written.omittedReason).toBeNull();
      }),
      {numRuns: 1000}
    );
  });

  it("uses only the URL-safe base64url alphabet, without padding", () => {
    fc.assert(
      fc.property(fc.string({unit: "binary", minLength: 1, maxLength: 200}), (text) => {
        const encoded = encodeLinkedRequest(text);
        expect(encoded.ok).toBe(true);
        if (encoded.ok) {
          expect(encoded.parameter).toMatch(/^[A-Za-z0-9_-]*$/);
          expect(decodeLinkedRequest(encoded.parameter)).toEqual({ok: true, text});
        }
      }),
      {numRuns: 500}
    );
  });

  it("keeps only the example when the edited text is too long for a link, and says why", () => {
    const fits = "a".repeat(MAX_LINKED_REQUEST_BYTES);
    expect(encodeLinkedRequest(fits).ok).toBe(true);
    expect(encodeLinkedRequest(fits).ok && (encodeLinkedRequest(fits) as {parameter: string}).parameter.length).toBe(
      MAX_LINKED_REQUEST_CHARACTERS
    );
    // Two bytes per "é": half as many characters fit.
    expect(encodeLinkedRequest("é".repeat(MAX_LINKED_REQUEST_BYTES / 2 + 1)).ok).toBe(false);
    const written = writeMessageLink({
      exampleId: "batch",
      requestText: "a".repeat(MAX_LINKED_REQUEST_BYTES + 1),
      version: "0.3"
    });
    expect(written).toEqual({
      search: "?example=batch",
      carriesRequest: false,
      omittedReason: expect.stringContaining(`more than ${MAX_LINKED_REQUEST_BYTES} bytes`)
    });
    const huge = writeMessageLink({exampleId: "batch", requestText: "x".repeat(1_048_576), version: "0.3"});
    expect(huge.search).toBe("?example=batch");
  });

  it("cannot carry an empty text: an empty parameter means no edit", () => {
    expect(writeMessageLink({exampleId: "batch", requestText: "", version: "0.3"})).toEqual({
      search: "?example=batch",
      carriesRequest: false,
      omittedReason: expect.stringContaining("empty")
    });
  });

  it("cannot carry an unpaired surrogate", () => {
    const written = writeMessageLink({exampleId: first.id, requestText: `{"text":"\uD800"}`, version: "0.3"});
    expect(written.carriesRequest).toBe(false);
    expect(written.omittedReason).toContain("unpaired surrogate");
    expect(writeMessageLink({exampleId: first.id, requestText: "\uD83D\uDE00", version: "0.3"}).carriesRequest).toBe(
      true
    );
  });

  it("reports every bad value by name and falls back to the example", () => {
    const cases: [string, string, RegExp][] = [
      ["?example=nope", "example", /^must be one of "valid-send"/],
      ["?example=notification&request=%2A%2A", "request", /outside the base64url alphabet/],
      ["?example=notification&request=QUJDR", "request", /one character over/],
      ["?example=notification&request=QR", "request", /pad bits/],
      ["?example=notification&request=_w", "request", /not valid UTF-8/],
      ["?example=notification&request=QUJD%3D", "request", /outside the base64url alphabet/],
      [
        `?example=notification&request=${"Q".repeat(MAX_LINKED_REQUEST_CHARACTERS + 4)}`,
        "request",
        /at most 2000 characters; using the default \(empty\)/
      ],
      [
        "?example=notification&bogus=1",
        "bogus",
        /not an input of this lesson, so it is ignored \(accepted: version, example, request\)/
      ]
    ];
    for (const [search, parameter, problem] of cases) {
      const reading = readMessageLink(search);
      expect(reading.notices, search).toHaveLength(1);
      expect(reading.notices[0]!.parameter, search).toBe(parameter);
      expect(reading.notices[0]!.problem, search).toMatch(problem);
      const exampleId = parameter === "example" ? first.id : "notification";
      expect(reading.exampleId, search).toBe(exampleId);
      expect(reading.requestText, search).toBe(MESSAGE_EXAMPLES.find((e) => e.id === exampleId)!.requestText);
    }
  });

  it("shows a long bad value shortened, as text", () => {
    const reading = readMessageLink(`?request=<b>${"*".repeat(200)}`);
    expect(reading.notices[0]!.value).toBe(`<b>${"*".repeat(77)}…`);
  });

  it("never throws on any query string", () => {
    fc.assert(
      fc.property(fc.string({maxLength: 400}), (search) => {
        const reading = readMessageLink(search);
        expect(typeof reading.requestText).toBe("string");
      }),
      {numRuns: 2000}
    );
  });
});

describe("a pinned request in the link", () => {
  it("is vs=baseline for the first example, unedited, and nothing when none is pinned", () => {
    expect(writePinnedMessage(null)).toEqual({parameters: "", omittedReason: null});
    expect(writePinnedMessage({exampleId: first.id, requestText: first.requestText, version: "0.3"})).toEqual({
      parameters: "vs=baseline",
      omittedReason: null
    });
    expect(readPinnedMessage("?vs=baseline")).toEqual({
      pinned: {exampleId: first.id, requestText: first.requestText, version: "0.3"},
      notices: []
    });
    expect(readPinnedMessage("?example=notification")).toEqual({pinned: null, notices: []});
  });

  it("round-trips any example and edit that fits, beside the main request", () => {
    const text = fc.string({unit: "binary", minLength: 1, maxLength: 200});
    const ids = fc.constantFrom(...MESSAGE_EXAMPLES.map((e) => e.id));
    fc.assert(
      fc.property(ids, text, ids, (pinnedId, pinnedText, currentId) => {
        const pinned = {exampleId: pinnedId, requestText: pinnedText, version: "0.3" as const};
        const search = `${writeMessageLink({exampleId: currentId, requestText: notification.requestText, version: "0.3"}).search || "?"}&${writePinnedMessage(pinned).parameters}`;
        expect(readPinnedMessage(search)).toEqual({pinned, notices: []});
        expect(readMessageLink(search).notices).toEqual([]);
      })
    );
  });

  it("names a bad vs.request as vs.request, and pins the example's own text", () => {
    const reading = readPinnedMessage("?vs.example=batch&vs.request=%21%21");
    expect(reading.pinned?.exampleId).toBe("batch");
    expect(reading.pinned?.requestText).toBe(MESSAGE_EXAMPLES.find((example) => example.id === "batch")!.requestText);
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["vs.request"]);
  });
});

describe("the A2A-Version in the link", () => {
  it("is omitted for 0.3, written as version=1.0, read back, and a bad value is named and falls back to 0.3", () => {
    const v1 = MESSAGE_EXAMPLES.find((example) => example.id === "v1-valid-send")!;
    const written = writeMessageLink({exampleId: v1.id, requestText: v1.requestText, version: "1.0"});
    // The first 1.0 example is 1.0's default example: a link carried from another lesson names only the version.
    expect(written.search).toBe("?version=1.0");
    expect(readMessageLink(written.search)).toEqual({
      exampleId: v1.id,
      requestText: v1.requestText,
      version: "1.0",
      notices: []
    });
    // A 0.3 example sent under 1.0 names its example.
    const sentUnderOther = writeMessageLink({
      exampleId: first.id,
      requestText: first.requestText,
      version: "1.0"
    }).search;
    expect(sentUnderOther).toBe(`?version=1.0&example=${first.id}`);
    expect(readMessageLink(sentUnderOther)).toEqual({
      exampleId: first.id,
      requestText: first.requestText,
      version: "1.0",
      notices: []
    });
    const bad = readMessageLink("?version=2.0");
    expect(bad.version).toBe("0.3");
    expect(bad.notices).toEqual([expect.objectContaining({parameter: "version", value: "2.0"})]);
    expect(bad.notices[0]!.problem).toContain("1.0");
  });

  it("a pinned run keeps its own version: vs.version", () => {
    const pinned = {exampleId: first.id, requestText: first.requestText, version: "1.0" as const};
    expect(writePinnedMessage(pinned).parameters).toContain("vs.version=1.0");
    expect(readPinnedMessage(`?${writePinnedMessage(pinned).parameters}`).pinned).toEqual(pinned);
  });
});

describe("a pinned request too long for the link", () => {
  it("pins the example in the link and says why the edit is left out", () => {
    const written = writePinnedMessage({
      exampleId: "batch",
      requestText: "x".repeat(MAX_LINKED_REQUEST_BYTES + 1),
      version: "0.3"
    });
    expect(written.omittedReason).toContain("more than");
    expect(readPinnedMessage(`?${written.parameters}`).pinned).toEqual({
      exampleId: "batch",
      requestText: MESSAGE_EXAMPLES.find((example) => example.id === "batch")!.requestText,
      version: "0.3"
    });
  });
});
