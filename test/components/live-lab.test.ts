// @vitest-environment jsdom
/**
 * The live lab's views and what feeds them: every message from the receiver is checked by lib
 * (readLiveMessage) and a bad one is named and skipped; whatever the receiver sends is drawn as
 * text, however hostile (markup, 10,000-character reasons, lone surrogates).
 */
import {describe, expect, it} from "vitest";
import {
  compareLiveRun,
  emptyLiveFeed,
  liveFaultsFromInputs,
  liveFeedProblem,
  liveFeedWith,
  liveLabDefaults,
  liveReceiverUrl,
  noFaults,
  readFaultsAnswer,
  readLiveMessage,
  type LiveAttempt,
  type LiveFeed,
  type LiveHello
} from "../../lib/live/index.js";
import {
  LiveAttemptTable,
  LiveChecks,
  LiveDeliveryDetails,
  LiveDeliveryLab,
  LiveDifferences,
  LiveProblems
} from "../../src/components/live-lab/live-views.js";
import type {ConnectionState} from "../../src/components/live-lab/receiver-connection.js";

const MARKUP = "<img src=x onerror=alert(1)>";
const LONG = "r".repeat(2_000);
const LONE_SURROGATE = "a\uD800b";

const status = {run: 1, kept: 1, dropped: 0, total: 1, evictedReplayRecords: 0, replayRecords: 1, expectedTask: null};
const hello: LiveHello = {
  receiver: "A2A Workbench live receiver",
  hookUrl: "http://127.0.0.1:8787/hook",
  auth: MARKUP,
  faults: noFaults,
  msPerSecond: 1000,
  status
};

function attempt(overrides: Partial<LiveAttempt> = {}): LiveAttempt {
  return {
    run: 1,
    number: 1,
    atSeconds: 0,
    decidedAtSeconds: 0,
    settledAtSeconds: 0,
    method: "POST",
    path: "/hook",
    headers: {"x-note": MARKUP},
    body: MARKUP,
    bodyBytes: 30,
    taskId: MARKUP,
    taskState: "TASK_STATE_WORKING",
    updateKey: `event:${MARKUP}`,
    keySource: "teaching-metadata",
    order: {by: "sequence", value: 1},
    decision: "applied",
    httpStatus: 200,
    answer: "sent",
    reason: `${MARKUP}${LONE_SURROGATE}`,
    checks: [{id: "authenticity", label: MARKUP, status: "fail", reason: LONG}],
    ...overrides
  };
}

const message = (event: "hello" | "run" | "attempt", value: unknown) => readLiveMessage(event, JSON.stringify(value));
const connected = (feed: LiveFeed): ConnectionState => ({
  phase: "connected",
  url: "http://127.0.0.1:8787",
  feed,
  notice: null
});

function feedOf(...attempts: LiveAttempt[]): LiveFeed {
  let feed = emptyLiveFeed;
  const read = message("hello", hello);
  if (read.ok) feed = liveFeedWith(feed, read.message);
  for (const one of attempts) {
    const next = message("attempt", {attempt: one, status});
    if (!next.ok) throw new Error(next.problem);
    feed = liveFeedWith(feed, next.message);
  }
  return feed;
}

describe("readLiveMessage", () => {
  it("accepts a hello and an attempt as the receiver sends them", () => {
    expect(message("hello", hello).ok).toBe(true);
    expect(message("attempt", {attempt: attempt()}).ok).toBe(true);
  });

  it("names what was wrong with a message and what it was", () => {
    const notJson = readLiveMessage("attempt", "{nope");
    expect(notJson).toEqual({ok: false, problem: expect.stringMatching(/^an? "attempt" message that is not JSON/)});
    const badStatus = message("attempt", {attempt: attempt({httpStatus: 42})});
    expect(badStatus.ok).toBe(false);
    if (!badStatus.ok) expect(badStatus.problem).toMatch(/attempt\.httpStatus/);
    const badHello = message("hello", {...hello, faults: {...noFaults, lostAck: "sometimes"}});
    expect(badHello.ok).toBe(false);
    if (!badHello.ok) expect(badHello.problem).toMatch(/faults\.lostAck/);
    // A message failing every field is named briefly.
    const everything = message("attempt", {
      attempt: Object.fromEntries(Object.keys(attempt()).map((key) => [key, {x: MARKUP}]))
    });
    expect(everything.ok).toBe(false);
    if (!everything.ok) expect(everything.problem.length).toBeLessThanOrEqual(400);
  });

  it("refuses numbers no receiver sends, so nothing drawn from them is NaN", () => {
    for (const changes of [
      {atSeconds: 1e306},
      {decidedAtSeconds: 1e306},
      {number: 1e300},
      {order: {by: "sequence", value: "abc"}},
      {order: {by: "sequence", value: 1e306}},
      {order: {by: "status timestamp", value: 5}}
    ]) {
      const read = message("attempt", {attempt: {...attempt(), ...changes}});
      expect(read.ok, JSON.stringify(changes)).toBe(false);
    }
    expect(message("attempt", {attempt: attempt({order: {by: "sequence", value: 3}})}).ok).toBe(true);
  });

  it("refuses a reason longer than the receiver ever sends", () => {
    expect(message("attempt", {attempt: attempt({reason: "r".repeat(10_000)})}).ok).toBe(false);
  });
});

describe("a sender's text in the live views", () => {
  it("shows bidi and control characters as ⟨U+XXXX⟩, never raw", () => {
    const hostile = attempt({taskId: "task\u202Eevil", updateKey: "key\u0000x", reason: "refused \u2066quoted\u2069"});
    const feed = feedOf(hostile);
    for (const [view, token] of [
      [LiveAttemptTable(feed.attempts), "⟨U+202E⟩"],
      [LiveChecks(connected(feed)), "⟨U+0000⟩"]
    ] as const) {
      const text = view.textContent ?? "";
      expect(text).not.toMatch(/[\u202E\u0000\u2066\u2069]/);
      expect(text).toContain(token);
    }
  });
});

describe("liveFeedWith", () => {
  it("keeps the current run's attempts, starts over at a new run, and keeps a bounded list of problems", () => {
    const feed = feedOf(attempt(), attempt({number: 2}));
    expect(feed.attempts.map((one) => one.number)).toEqual([1, 2]);
    const newer = liveFeedWith(feed, {kind: "attempt", attempt: attempt({run: 2, number: 3}), status: null});
    expect(newer.attempts.map((one) => one.number)).toEqual([3]);
    expect(
      liveFeedWith(newer, {kind: "attempt", attempt: attempt({run: 1, number: 4}), status: null}).attempts.map(
        (one) => one.number
      )
    ).toEqual([3]);
    expect(liveFeedWith(newer, {kind: "run", hello}).attempts).toEqual([]);
    let problems = feed;
    for (let index = 0; index < 9; index++) problems = liveFeedProblem(problems, `problem ${index}`);
    expect(problems.problems).toEqual(["problem 4", "problem 5", "problem 6", "problem 7", "problem 8"]);
  });
});

describe("the live lab's inputs", () => {
  it("make faults and a loopback URL, and refuse a port that is not one", () => {
    expect(liveFaultsFromInputs({...liveLabDefaults, liveOutageSeconds: 10, liveRefuseWith: "404"})).toEqual({
      ...noFaults,
      outageSeconds: 10,
      refuseWith: 404
    });
    expect(liveReceiverUrl(" 8787 ")).toEqual({ok: true, url: "http://127.0.0.1:8787"});
    for (const bad of ["0", "65536", "80.5", "example.com:80", MARKUP, ""])
      expect(liveReceiverUrl(bad).ok, bad).toBe(false);
    const bidi = liveReceiverUrl("80\u202E87\u0000");
    expect(!bidi.ok && bidi.problem).toContain("not “80⟨U+202E⟩87⟨U+0000⟩”");
  });

  it("read the receiver's answer to new faults: its problems, or that it named none", () => {
    expect(readFaultsAnswer(200, "{}")).toEqual({ok: true});
    expect(readFaultsAnswer(400, JSON.stringify({problems: ["outageSeconds: from 0 to 600 s"]}))).toEqual({
      ok: false,
      problems: ["outageSeconds: from 0 to 600 s"]
    });
    expect(readFaultsAnswer(403, MARKUP)).toEqual({
      ok: false,
      problems: ["the receiver answered 403 without a list of problems"]
    });
  });
});

describe("the live views draw whatever the receiver sent as text", () => {
  const expectText = (node: Element, ...texts: string[]) => {
    expect(node.querySelector("img, script")).toBeNull();
    for (const text of texts) expect(node.textContent).toContain(text);
  };

  it("the attempt table: markup, a lone surrogate, newest first, bounded", () => {
    const many = Array.from({length: 60}, (_, index) => attempt({number: index + 1}));
    const table = LiveAttemptTable(many);
    // A lone surrogate is shown as its code point, as every text a sender sent is.
    expectText(table, MARKUP, "a⟨U+D800⟩b");
    const rows = table.querySelectorAll("tbody tr");
    expect(rows).toHaveLength(50);
    expect(rows[0]!.firstElementChild!.textContent).toBe("60");
    expect(table.querySelector("caption")!.textContent).toContain("the newest 50 of 60");
  });

  it("lesson 4's checks: markup in a label, a 2,000-character reason whole", () => {
    const view = LiveChecks(connected(feedOf(attempt())));
    expectText(view, MARKUP, LONG, "from teaching-metadata");
    expect(view.querySelectorAll(".live-check-fail")).toHaveLength(1);
  });

  it("what arrived: the request as text, its credential masked, and curl to send it again to the receiver's own URL", () => {
    const masked = "Bearer abcd…(40 characters)";
    const view = LiveChecks(connected(feedOf(attempt({headers: {"x-note": MARKUP, authorization: masked}}))));
    const request = view.querySelector(".live-request")!;
    expect(request.querySelector(".live-request-text")!.textContent).toBe(
      `POST /hook\nx-note: ${MARKUP}\nauthorization: ${masked}\n\n${MARKUP}\n… (30 bytes in all; the first ${MARKUP.length} are kept)`
    );
    const curl = request.querySelector(".live-request-curl")!.textContent!;
    expect(curl).toMatch(
      /^# CREDENTIAL_1: the authorization credential, masked by the receiver as Bearer abcd…\(40 characters\)\n/
    );
    expect(curl).toContain("curl -i -X 'POST' 'http://127.0.0.1:8787/hook'");
    expect(request.querySelectorAll("img")).toHaveLength(0);
  });

  it("differences mid-run: none so far, and the model's attempts not yet due in a line of their own", () => {
    const view = LiveDifferences([], "Not yet due: 3 more attempts.");
    expect(view.querySelector(".live-no-difference")!.textContent).toBe(
      "none so far: the real run matches the model up to its newest arrival"
    );
    expect(view.querySelector(".live-pending")!.textContent).toBe("Not yet due: 3 more attempts.");
  });

  it("a long run draws the newest updates and says of how many; my sender only draws no model and no differences", () => {
    const many = Array.from({length: 45}, (_, k) =>
      attempt({
        number: k + 1,
        updateKey: `event:evt-${k}`,
        order: {by: "sequence", value: k + 1},
        atSeconds: k,
        decidedAtSeconds: k,
        settledAtSeconds: k
      })
    );
    const state = connected(feedOf(...many));
    const own = LiveDeliveryLab(state, compareLiveRun(state.feed, null), {width: 600});
    expect(own.querySelector(".live-window-note")!.textContent).toMatch(
      /^Drawn: the newest 40 of 45 updates in this run/
    );
    expect(own.textContent).not.toContain("model (");
    expect(own.querySelector(".live-differences")).toBeNull();
  });

  it("the differences, the skipped messages and the whole lab", () => {
    expect(LiveDifferences([]).textContent).toContain("none: the real run matches the model");
    expectText(LiveDifferences([MARKUP]), MARKUP);
    expectText(LiveProblems([MARKUP])!, MARKUP, "could not be read and was skipped");
    const state = connected(liveFeedProblem(feedOf(attempt()), MARKUP));
    const lab = LiveDeliveryLab(state, compareLiveRun(state.feed, "a2a-js"), {width: 600});
    expectText(lab, MARKUP, "model (a2a-js preset)", "real (your receiver)", "Differences from the model");
    expect(lab.querySelectorAll(".exportable-chart")).toHaveLength(1);
    const details = LiveDeliveryDetails(state, compareLiveRun(state.feed, "a2a-js"), {width: 600});
    expectText(details, MARKUP, "keeps 1 of 1 attempts");
    expect(details.querySelectorAll(".exportable-chart")).toHaveLength(1);
  });

  it("before any connection: a sentence, no chart", () => {
    const lab = LiveDeliveryLab({phase: "idle", url: null, feed: emptyLiveFeed, notice: null}, null);
    expect(lab.textContent).toContain("Not connected");
    expect(lab.querySelector("svg")).toBeNull();
    expect(
      LiveDeliveryDetails({phase: "idle", url: null, feed: emptyLiveFeed, notice: null}, null).childElementCount
    ).toBe(0);
  });
});

describe("what arrived, folded out, across redraws", () => {
  it("stays open on its own attempt when a newer attempt is drawn above it (a redraw morphs by position)", async () => {
    const {ViewSlot} = await import("../../src/components/runtime/view-slot.js");
    const view = ViewSlot();
    document.body.append(view);
    const first = attempt({number: 1});
    view.draw(LiveChecks, connected(feedOf(first)));
    const details = view.querySelector("details.live-request") as HTMLDetailsElement;
    details.open = true;
    details.dispatchEvent(new Event("toggle"));
    view.draw(LiveChecks, connected(feedOf(first, attempt({number: 2}))));
    const openOn = [...view.querySelectorAll(".live-check-attempt")]
      .filter((item) => item.querySelector("details")!.hasAttribute("open"))
      .map((item) => item.getAttribute("value"));
    expect(openOn).toEqual(["1"]);
    view.remove();
  });
});
