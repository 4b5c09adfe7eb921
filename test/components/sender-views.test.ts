// @vitest-environment jsdom
/** The chosen sender's facts beside the inputs, and the seven-sender table with its checked conclusion. */
import {describe, expect, it} from "vitest";
import {compareSenders, resolveDeliveryConfig, senderPreset, senderPresets} from "../../lib/delivery/index.js";
import {SenderComparisonTable} from "../../src/components/delivery/sender-comparison-table.js";
import {describeRetries, SenderFacts} from "../../src/components/delivery/sender-facts.js";

describe("SenderFacts", () => {
  it("names the timeout and retries, and says the timing inputs shape the teaching sender only", () => {
    const js = SenderFacts(senderPreset("a2a-js"), 3).textContent!;
    expect(js).toContain("5 s");
    expect(js).toContain("no retry");
    expect(js).toContain("shape the teaching sender only");
    const teaching = SenderFacts(senderPreset("teaching"), 3).textContent!;
    expect(teaching).toContain("3 s (the sender timeout input)");
    expect(teaching).not.toContain("shape the teaching sender only");
    expect(SenderFacts(senderPreset("a2a-java"), 3).textContent).toContain("none: it waits for ever");
  });

  it("writes Svix's schedule and Convoy's cap in the reader's units", () => {
    expect(describeRetries(senderPreset("svix"))).toBe(
      "every failure retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h (8 attempts)"
    );
    expect(describeRetries(senderPreset("convoy"))).toContain("capped at 2 h");
    for (const preset of senderPresets) expect(describeRetries(preset).length).toBeGreaterThan(10);
  });
});

describe("SenderComparisonTable", () => {
  it("one row per sender, one cell per update, and the conclusion when the runs show it", () => {
    const view = SenderComparisonTable(
      compareSenders(resolveDeliveryConfig({receiverUnavailableUntilSeconds: 5, loseFirstSuccessfulAck: false}))
    );
    expect(view.querySelectorAll("tbody tr")).toHaveLength(senderPresets.length);
    const java = [...view.querySelectorAll("tbody tr")].find((row) => row.textContent!.includes("a2a-java"))!;
    // Its cells: attempts, effects, lost, then U1 to U4.
    expect([...java.querySelectorAll("td")].map((cell) => cell.textContent!.replace(/\u00a0/g, " "))).toEqual([
      "4",
      "3",
      "1",
      "reported delivered, never applied",
      "applied 13 s",
      "applied 23 s",
      "applied 33 s"
    ]);
    const conclusion = view.querySelector(".sender-conclusion")!;
    expect(conclusion.classList.contains("sender-conclusion-shown")).toBe(true);
    expect(conclusion.textContent).toContain("all four SDK senders");
    expect(conclusion.querySelector("a")!.getAttribute("href")).toBe(
      "./webhook-authentication#5-no-event-id-reconcile-with-the-task"
    );
  });

  it("says how to see a loss when the runs show none", () => {
    const view = SenderComparisonTable(compareSenders(resolveDeliveryConfig({})));
    expect(view.querySelector(".sender-conclusion-shown")).toBeNull();
    expect(view.querySelector(".sender-conclusion")!.textContent!.replace(/\u00a0/g, " ")).toContain(
      "Set “Receiver unavailable until” past 3 s, when the first update arrives,"
    );
  });
});
