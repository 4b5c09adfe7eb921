/** rememberingSelectAgent remembers its gates and ranking by what they read: unchanged parts come back as the same objects, and results equal selectAgent's. */
import {describe, expect, it} from "vitest";
import {defaultPolicy, defaultRegistry, rememberingSelectAgent, selectAgent} from "../../lib/selection/index.js";

describe("rememberingSelectAgent", () => {
  it("gives selectAgent's result, and hands back the ranking a gate-only change did not touch", () => {
    const select = rememberingSelectAgent();
    const first = select(defaultRegistry, defaultPolicy);
    expect(first).toEqual(selectAgent(defaultRegistry, defaultPolicy));
    const again = select(defaultRegistry, {...defaultPolicy});
    expect(again.ranked).toBe(first.ranked);
    expect(again.failureMasks).toBe(first.failureMasks);
    const reweighted = select(defaultRegistry, {...defaultPolicy, latencyWeight: defaultPolicy.latencyWeight + 1});
    expect(reweighted.failureMasks).toBe(first.failureMasks);
    expect(reweighted.ranked).not.toBe(first.ranked);
    expect(reweighted).toEqual(
      selectAgent(defaultRegistry, {...defaultPolicy, latencyWeight: defaultPolicy.latencyWeight + 1})
    );
  });
});
