import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {deliveryInputDefaults, deliveryInputFields} from "../../lib/delivery/index.js";
import {readPermalink} from "../../lib/lesson-inputs/permalink.js";
import {readPinnedRun, writePinnedRun} from "../../lib/lesson-inputs/pinned-run.js";

const read = (search: string) => readPinnedRun(search, deliveryInputFields, deliveryInputDefaults);

describe("the pinned run in the link", () => {
  it("pins nothing without vs parameters", () => {
    expect(read("?senderTimeoutSeconds=2")).toEqual({pinned: null, notices: []});
  });

  it("pins the defaults with vs=baseline, and a run with vs.<input>", () => {
    expect(read("?vs=baseline").pinned).toEqual(deliveryInputDefaults);
    expect(read("?vs.ignoreSeenEventIds=false").pinned).toEqual({...deliveryInputDefaults, ignoreSeenEventIds: false});
  });

  it("checks a pinned value as a lesson input, and names it vs.<input> when it refuses it", () => {
    const reading = read("?vs.maxAttemptsPerUpdate=2.5&vs=later");
    expect(reading.pinned).toEqual(deliveryInputDefaults);
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["vs", "vs.maxAttemptsPerUpdate"]);
    expect(reading.notices[1]!.problem).toMatch(/whole number/);
  });

  it("leaves the current run's reading alone", () => {
    expect(readPermalink("?vs=baseline&vs.senderTimeoutSeconds=1", deliveryInputFields, deliveryInputDefaults)).toEqual(
      {values: deliveryInputDefaults, notices: []}
    );
  });

  it("writes only what differs, and reads back what it wrote", () => {
    expect(writePinnedRun(null, deliveryInputFields, deliveryInputDefaults)).toBe("");
    expect(writePinnedRun(deliveryInputDefaults, deliveryInputFields, deliveryInputDefaults)).toBe("vs=baseline");
    const timeout = fc.integer({min: 1, max: 60}).map((tenths) => tenths / 10);
    fc.assert(
      fc.property(timeout, fc.boolean(), (senderTimeoutSeconds, ignoreSeenEventIds) => {
        const pinned = {...deliveryInputDefaults, senderTimeoutSeconds, ignoreSeenEventIds};
        expect(read(`?${writePinnedRun(pinned, deliveryInputFields, deliveryInputDefaults)}`)).toEqual({
          pinned,
          notices: []
        });
      })
    );
  });
});

describe("parameters that are not a pinned input", () => {
  it.each(["?vs.step=zzz", "?vs.vs=garbage", "?vs.experiment=%3Cb%3Ex%3C%2Fb%3E", "?vs.vs.ignoreSeenEventIds=false"])(
    "names %s and pins nothing",
    (search) => {
      const reading = read(search);
      expect(reading.pinned).toBeNull();
      const [parameter] = [...new URLSearchParams(search).keys()];
      expect(reading.notices).toEqual([
        expect.objectContaining({parameter, problem: expect.stringMatching(/^not an input of this lesson/)})
      ]);
    }
  );

  it("names an unknown pinned parameter beside a pinned input, which still pins", () => {
    const reading = read("?vs.step=2&vs.ignoreSeenEventIds=false");
    expect(reading.pinned).toEqual({...deliveryInputDefaults, ignoreSeenEventIds: false});
    expect(reading.notices.map((notice) => notice.parameter)).toEqual(["vs.step"]);
  });
});
