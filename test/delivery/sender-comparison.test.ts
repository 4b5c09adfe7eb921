/** Lesson 1's "Same outage, seven senders": one run per sender, and the conclusion only where the runs show it. */
import {describe, expect, it} from "vitest";
import {compareSenders, evenlySpacedUpdates, resolveDeliveryConfig, senderIds} from "../../lib/delivery/index.js";

describe("compareSenders", () => {
  it("runs the same conditions under every sender, in the presets' order", () => {
    const config = resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5});
    const {rows} = compareSenders(config);
    expect(rows.map((row) => row.preset.id)).toEqual([...senderIds]);
    for (const row of rows) expect({...row.run.config, sender: "teaching"}).toEqual({...config, sender: "teaching"});
  });

  it("one 503: every SDK sender loses update 1 for good, the teaching sender and the platforms do not", () => {
    const {rows, sdkLosses} = compareSenders(
      resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5, loseFirstSuccessfulAck: false})
    );
    expect(sdkLosses.map((loss) => [loss.preset.id, loss.updateIndex])).toEqual([
      ["a2a-js", 0],
      ["a2a-python", 0],
      ["a2a-go", 0],
      ["a2a-java", 0]
    ]);
    const lost = Object.fromEntries(rows.map((row) => [row.preset.id, row.lostUpdates]));
    expect(lost).toMatchObject({teaching: 0, svix: 0, "a2a-js": 1, "a2a-java": 1});
    // Convoy retries 100 s later, after the newer updates: answered stale, superseded rather than lost.
    expect(lost.convoy).toBe(0);
    expect(rows.find((row) => row.preset.id === "convoy")!.fates[0]).toMatchObject({
      firstAppliedAtSeconds: null,
      superseded: true
    });
  });

  it("states no loss where the SDK senders lost nothing (lost acknowledgements of applied updates are not losses)", () => {
    const {rows, sdkLosses} = compareSenders(resolveDeliveryConfig({}));
    expect(sdkLosses).toEqual([]);
    // The SDKs time out on every lost 2xx, but the receiver applied each update and refused none.
    expect(
      rows
        .find((row) => row.preset.id === "a2a-js")!
        .fates.every((fate) => fate.firstAppliedAtSeconds !== null && !fate.metFailure)
    ).toBe(true);
  });

  it("leaves out a sender whose attempts would pass the attempt budget, and says when the first update arrives", () => {
    const many = resolveDeliveryConfig({updates: evenlySpacedUpdates(30_000)});
    const {rows, skipped, firstArrivalSeconds} = compareSenders(many);
    // Svix (8 attempts) and Convoy (10) would pass 200,000 attempts; the teaching sender's 4 fit.
    expect(skipped.map((preset) => preset.id)).toEqual(["svix", "convoy"]);
    expect(rows.map((row) => row.preset.id)).not.toContain("svix");
    expect(firstArrivalSeconds).toBe(3);
  });
});
