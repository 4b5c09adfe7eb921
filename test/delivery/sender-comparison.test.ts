/** Lesson 1's "Same outage, seven senders": one run per sender, and the conclusion only where the runs show it. */
import {describe, expect, it} from "vitest";
import {compareSenders, resolveDeliveryConfig, senderIds} from "../../lib/delivery/index.js";

describe("compareSenders", () => {
  it("runs the same conditions under every sender, in the presets' order", () => {
    const config = resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5});
    const {rows} = compareSenders(config);
    expect(rows.map((row) => row.preset.id)).toEqual([...senderIds]);
    for (const row of rows) expect({...row.run.config, sender: "teaching"}).toEqual({...config, sender: "teaching"});
  });

  it("one 503: every SDK sender loses update 1 for good, the teaching sender and the platforms do not", () => {
    const {rows, sdkLosses} = compareSenders(resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5, loseFirstSuccessfulAck: false}));
    expect(sdkLosses.map((loss) => [loss.preset.id, loss.updateIndex])).toEqual([["a2a-js", 0], ["a2a-python", 0], ["a2a-go", 0], ["a2a-java", 0]]);
    const lost = Object.fromEntries(rows.map((row) => [row.preset.id, row.lostUpdates]));
    expect(lost).toMatchObject({teaching: 0, svix: 0, "a2a-js": 1, "a2a-java": 1});
    // Convoy retries 100 s later, after the newer updates: applied never, answered stale.
    expect(lost.convoy).toBe(1);
  });

  it("states no loss where the SDK senders lost nothing (lost acknowledgements of applied updates are not losses)", () => {
    const {rows, sdkLosses} = compareSenders(resolveDeliveryConfig({}));
    expect(sdkLosses).toEqual([]);
    expect(rows.find((row) => row.preset.id === "a2a-js")!.fates.every((fate) => fate.firstAppliedAtSeconds !== null && fate.metFailure)).toBe(true);
  });
});
