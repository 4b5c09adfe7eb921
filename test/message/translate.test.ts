/** "Translate to the other version" (lib/message/translate.ts): the request rewritten, every change named. */
import {describe, expect, test} from "vitest";
import * as fc from "fast-check";
import {messageExample, runMessageTransaction} from "../../lib/message/index.js";
import {translateRequest} from "../../lib/message/translate.js";
import {groupChanges} from "../../lib/message/translation-summary.js";
import {MAX_MESSAGE_REQUEST_BYTES} from "../../lib/message/index.js";
import {protoRequestArbitrary} from "./proto-request.arbitrary.js";
import {validParams} from "./message-send-params.arbitrary.js";
import {oracleVerdict} from "./proto-oracle.js";

const passes = (text: string, version: string) =>
  runMessageTransaction(text, {version}).requests.every((outcome) => outcome.stoppedAt === null);
const translated = (text: string, from: "0.3" | "1.0", to: "0.3" | "1.0") => {
  const translation = translateRequest(text, from, to);
  if (!translation.ok) throw new Error(translation.reason);
  return translation;
};

describe("v0.3.0 -> 1.0", () => {
  test("the valid message/send example becomes a SendMessage that passes all six stages under 1.0", () => {
    const source = messageExample("valid-send")!.requestText;
    expect(passes(source, "0.3")).toBe(true);
    const translation = translated(source, "0.3", "1.0");
    expect(passes(translation.text, "1.0")).toBe(true);
    expect(translation.untranslatable).toEqual([]);
    const changed = translation.changes.map((change) => `${change.from} -> ${change.to}`);
    expect(changed).toEqual(
      expect.arrayContaining([
        "message/send -> SendMessage",
        '"user" -> "ROLE_USER"',
        "file.bytes -> raw",
        "file.uri -> url",
        "file.mimeType -> mediaType"
      ])
    );
    expect(translation.text).not.toContain('"kind"');
    expect(translation.changes.every((change) => change.why.length > 0)).toBe(true);
  });

  test("blocking is inverted into returnImmediately; schemes become one scheme, and a second is named as lost", () => {
    const text = JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "message/send",
      params: {
        message: {kind: "message", messageId: "m", role: "agent", parts: [{kind: "text", text: "x"}]},
        configuration: {
          blocking: true,
          pushNotificationConfig: {url: "https://hooks.example/a", authentication: {schemes: ["Bearer", "Basic"]}}
        }
      }
    });
    const translation = translated(text, "0.3", "1.0");
    const request = JSON.parse(translation.text) as {params: {configuration: Record<string, unknown>}};
    expect(request.params.configuration).toEqual({
      returnImmediately: false,
      taskPushNotificationConfig: {url: "https://hooks.example/a", authentication: {scheme: "Bearer"}}
    });
    expect(translation.untranslatable.map((u) => u.pointer)).toEqual([
      "/params/configuration/pushNotificationConfig/authentication/schemes"
    ]);
    expect(passes(translation.text, "1.0")).toBe(true);
  });

  test("ids and numbers keep their exact text: 9007199254740993 survives", () => {
    const text =
      '{"jsonrpc": "2.0", "id": 9007199254740993, "method": "message/send", "params": {"message": {"kind": "message", "messageId": "m", "role": "user", "parts": [{"kind": "text", "text": "\\u00e9"}]}}}';
    const translation = translated(text, "0.3", "1.0");
    expect(translation.text).toContain('"id": 9007199254740993');
    expect(translation.text).toContain('"\\u00e9"');
  });

  test("a batch is translated element by element; other methods are renamed and their params named as copied", () => {
    const text = JSON.stringify([
      {jsonrpc: "2.0", id: 1, method: "tasks/get", params: {id: "t"}},
      {jsonrpc: "2.0", id: 2, method: "message/echo"}
    ]);
    const translation = translated(text, "0.3", "1.0");
    expect(JSON.parse(translation.text)).toMatchObject([
      {method: "GetTask", params: {id: "t"}},
      {method: "message/echo"}
    ]);
    expect(translation.untranslatable.map((u) => u.pointer)).toEqual(["/0/params", "/1/method"]);
  });

  test("any v0.3.0 message/send that passes all six stages, with nothing copied as is, translates to a SendMessage 1.0 reads at stage 4", () => {
    let checked = 0;
    fc.assert(
      fc.property(validParams, (params) => {
        const text = JSON.stringify({jsonrpc: "2.0", id: 1, method: "message/send", params});
        if (!passes(text, "0.3")) return;
        const up = translated(text, "0.3", "1.0");
        // An empty messageId or url is valid in v0.3.0 but does not set a REQUIRED 1.0 field: named, and copied as is.
        if (up.untranslatable.some((u) => u.what.endsWith("copied as is"))) return;
        checked++;
        const v1 = runMessageTransaction(up.text, {version: "1.0"}).requests[0]!;
        expect(v1.stoppedAt === null || v1.stoppedAt > 4, `${up.text}\n${v1.verdict}`).toBe(true);
      }),
      {numRuns: 300}
    );
    expect(checked).toBeGreaterThan(50);
  });

  test("what would break the other version is named: an extra member beside a part's content, two names that become one, a repeated name", () => {
    const extra = translated(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "message/send",
        params: {
          message: {kind: "message", messageId: "m", role: "user", parts: [{kind: "text", text: "x", raw: "aGk="}]}
        }
      }),
      "0.3",
      "1.0"
    );
    expect(extra.untranslatable.map((u) => u.pointer)).toEqual(["/params/message/parts/0/raw"]);
    expect(passes(extra.text, "1.0")).toBe(true);
    const both = translated(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: {
          message: {messageId: "m", role: "ROLE_USER", parts: [{text: "x"}]},
          configuration: {returnImmediately: true, blocking: true}
        }
      }),
      "1.0",
      "0.3"
    );
    expect(both.untranslatable.map((u) => u.what)).toEqual(['blocking: dropped, since "blocking" is already written']);
    expect(passes(both.text, "0.3")).toBe(true);
    const repeated = translated('{"jsonrpc": "2.0", "id": 1, "id": 2, "method": "message/send"}', "0.3", "1.0");
    expect(repeated.untranslatable.map((u) => u.pointer)).toContain("/id");
  });

  test("into v0.3.0: an id null is named, an int32 written as a string becomes a number", () => {
    const translation = translated(
      JSON.stringify({
        jsonrpc: "2.0",
        id: null,
        method: "SendMessage",
        params: {
          message: {messageId: "m", role: "ROLE_USER", parts: [{text: "x"}]},
          configuration: {historyLength: "12"}
        }
      }),
      "1.0",
      "0.3"
    );
    expect(translation.untranslatable.map((u) => u.pointer)).toEqual(["/id"]);
    // The source is compact, and so is its translation.
    expect(translation.text).toContain('"historyLength":12');
  });

  test("a text that is not JSON is not translated, and says why", () => {
    expect(translateRequest("{", "0.3", "1.0")).toMatchObject({ok: false, reason: expect.stringContaining("not JSON")});
  });
});

describe("1.0 -> v0.3.0", () => {
  test("the valid SendMessage example becomes a message/send; what v0.3.0 cannot hold is named", () => {
    const source = messageExample("v1-valid-send")!.requestText;
    const translation = translated(source, "1.0", "0.3");
    expect(translation.untranslatable.map((u) => u.what)).toEqual([
      'data [{"quarter":"Q3","revenue":1200}] is not an object: copied as is',
      "mediaType on a text or data part: dropped"
    ]);
    const request = JSON.parse(translation.text) as {
      method: string;
      params: {message: {kind: string; role: string; parts: {kind: string}[]}};
    };
    expect(request.method).toBe("message/send");
    expect(request.params.message).toMatchObject({kind: "message", role: "user"});
    expect(request.params.message.parts.map((part) => part.kind)).toEqual(["text", "file", "file", "data"]);
  });

  test("tenant and ListTasks have no v0.3.0 counterpart and are named", () => {
    const tenant = translated(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: {tenant: "t", message: {messageId: "m", role: "ROLE_USER", parts: [{text: "x"}]}}
      }),
      "1.0",
      "0.3"
    );
    expect(tenant.untranslatable[0]!.what).toBe("tenant: dropped");
    expect(passes(tenant.text, "0.3")).toBe(true);
    const list = translated(JSON.stringify({jsonrpc: "2.0", id: 1, method: "ListTasks"}), "1.0", "0.3");
    expect(list.untranslatable[0]!.why).toContain("ListTasks is new in 1.0");
  });

  test("URL-safe or unpadded raw becomes canonical padded Base64 for v0.3.0", () => {
    const translation = translated(
      JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "SendMessage",
        params: {message: {messageId: "m", role: "ROLE_USER", parts: [{raw: "-_8"}]}}
      }),
      "1.0",
      "0.3"
    );
    expect(translation.text).toContain('"bytes":"+/8="');
    expect(passes(translation.text, "0.3")).toBe(true);
  });

  test("any valid 1.0 request with nothing copied as is translates to one v0.3.0 accepts, and back to one 1.0 accepts", () => {
    let translatedCount = 0;
    fc.assert(
      fc.property(protoRequestArbitrary(), (params) => {
        if (!oracleVerdict("SendMessageRequest", params).valid) return;
        const text = JSON.stringify({jsonrpc: "2.0", id: 1, method: "SendMessage", params});
        if (!passes(text, "1.0")) return;
        const down = translated(text, "1.0", "0.3");
        // What is dropped leaves a valid request; what is copied as is (a data array, a role number) may not.
        if (down.untranslatable.some((u) => u.what.endsWith("copied as is"))) return;
        translatedCount++;
        const v03 = runMessageTransaction(down.text, {version: "0.3"}).requests[0]!;
        // Stage 5 may still refuse what 1.0 allowed (a url on a real host is refused by both; v0.3.0 also refuses other base64 spellings).
        expect(v03.stoppedAt === null || v03.stoppedAt === 5, `${down.text}\n${v03.verdict}`).toBe(true);
        if (v03.stoppedAt === null) expect(passes(translated(down.text, "0.3", "1.0").text, "1.0")).toBe(true);
      }),
      {numRuns: 400}
    );
    expect(translatedCount).toBeGreaterThan(50);
  });
});

/** A valid v0.3.0 request with `parts` short text parts. */
const manyParts = (parts: number) => ({
  jsonrpc: "2.0",
  id: 1,
  method: "message/send",
  params: {
    message: {
      kind: "message",
      messageId: "m-1",
      role: "user",
      parts: Array.from({length: parts}, (_, index) => ({kind: "text", text: `p${index}`}))
    }
  }
});

describe("the translation keeps the source's layout", () => {
  test("compact stays compact: one line, no spaces, and it is the compact JSON of the translated value", () => {
    const translation = translated(JSON.stringify(manyParts(2)), "0.3", "1.0");
    expect(translation.text).not.toContain("\n");
    expect(translation.text).toBe(JSON.stringify(JSON.parse(translation.text)));
    expect(translation.layout).toEqual({multiline: false, indent: "  ", spaced: false});
  });

  test("one line with spaces after ':' and ',' stays so", () => {
    const translation = translated(
      '{"jsonrpc": "2.0", "id": 1, "method": "message/send", "params": {"message": {"kind": "message", "messageId": "m", "role": "user", "parts": [{"kind": "text", "text": "x"}]}}}',
      "0.3",
      "1.0"
    );
    expect(translation.text).toBe(
      '{"jsonrpc": "2.0", "id": 1, "method": "SendMessage", "params": {"message": {"messageId": "m", "role": "ROLE_USER", "parts": [{"text": "x"}]}}}'
    );
  });

  test.each([
    ["two spaces", 2],
    ["four spaces", 4],
    ["a tab", "\t"]
  ] as const)("pretty stays pretty, indented by %s as the source is", (_, indent) => {
    const source = JSON.stringify(manyParts(2), null, indent);
    const translation = translated(source, "0.3", "1.0");
    // JSON.stringify with the same indent writes the same text: same layout, value translated.
    expect(translation.text).toBe(JSON.stringify(JSON.parse(translation.text), null, indent));
    expect(translation.text.split("\n").length).toBeGreaterThan(10);
    // And back again: the v0.3.0 request is written as the 1.0 one was.
    const back = translated(translation.text, "1.0", "0.3");
    expect(back.text).toBe(JSON.stringify(JSON.parse(back.text), null, indent));
  });
});

describe("the translation's size against the limit", () => {
  test("a small translation is within the limit, and its size is counted in UTF-8 bytes", () => {
    const translation = translated(messageExample("valid-send")!.requestText, "0.3", "1.0");
    expect(translation.size).toEqual({
      bytes: new TextEncoder().encode(translation.text).length,
      limit: MAX_MESSAGE_REQUEST_BYTES,
      overLimit: false,
      oneLineBytes: null
    });
  });

  test("a pretty translation that grows past the limit says so, and what it would be on one line", () => {
    // Compact v0.3.0 under the limit whose pretty-printed 1.0 is over it: the 780 KB case, smaller.
    const value = manyParts(12_000);
    const source = JSON.stringify(value, null, 8);
    expect(new TextEncoder().encode(source).length).toBeGreaterThan(MAX_MESSAGE_REQUEST_BYTES);
    expect(translateRequest(source, "0.3", "1.0")).toMatchObject({
      ok: false,
      reason: expect.stringContaining("over the size limit")
    });
    const fits = JSON.stringify(value, null, 1);
    expect(new TextEncoder().encode(fits).length).toBeLessThanOrEqual(MAX_MESSAGE_REQUEST_BYTES);
    const over = translated(fits.replace(/\n/g, "\n       "), "0.3", "1.0");
    expect(over.size.overLimit).toBe(true);
    expect(over.size.bytes).toBe(new TextEncoder().encode(over.text).length);
    // On one line, spaced as the source is (": " and ", ").
    expect(over.size.oneLineBytes).toBe(
      new TextEncoder().encode(over.text.replace(/,\n\s*/g, ", ").replace(/\n\s*/g, "")).length
    );
    expect(over.size.oneLineBytes!).toBeLessThan(MAX_MESSAGE_REQUEST_BYTES);
  });

  test("alike changes are grouped and counted: 3,000 parts make one 'kind removed' line that stands for 3,000", () => {
    const translation = translated(JSON.stringify(manyParts(3000)), "0.3", "1.0");
    const groups = groupChanges(translation.changes);
    const kinds = groups.filter((group) => group.from === '"kind": "text"');
    expect(kinds).toHaveLength(1);
    expect(kinds[0]!.count).toBe(3000);
    expect(kinds[0]!.pointer).toBe("/params/message/parts/0/kind");
    expect(groups.reduce((sum, group) => sum + group.count!, 0)).toBe(translation.changes.length);
  });
});
