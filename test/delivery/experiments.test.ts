import {describe, expect, it} from "vitest";
import {deliveryExperiments, findDeliveryExperiment, simulateDelivery} from "../../lib/delivery/index.js";

describe("the lesson's named experiments", () => {
  it("are the eleven the lesson names, with unique ids", () => {
    expect(deliveryExperiments.map((experiment) => experiment.id)).toEqual([
      "baseline",
      "dedup-off",
      "wrong-credential",
      "task-unchecked",
      "localhost-url",
      "delete-at-3s",
      "long-outage",
      "ordering-off",
      "java-counts-503",
      "go-holds-next-update",
      "js-aborts-at-5s"
    ]);
  });

  it.each(deliveryExperiments.map((experiment) => [experiment.id, experiment] as const))(
    "%s shows its effect",
    (_, experiment) => {
      expect(experiment.shows(simulateDelivery(experiment.overrides))).toBe(true);
      expect(experiment.title.length).toBeGreaterThan(0);
      expect(experiment.lookAt.length).toBeGreaterThan(0);
    }
  );

  it("each non-baseline predicate is false for the baseline run, so it can fail", () => {
    const baseline = simulateDelivery();
    for (const experiment of deliveryExperiments) {
      if (experiment.id === "baseline") continue;
      expect([experiment.id, experiment.shows(baseline)]).toEqual([experiment.id, false]);
    }
  });

  it("the baseline predicate is false when duplicates are applied", () => {
    expect(findDeliveryExperiment("baseline")?.shows(simulateDelivery({ignoreSeenEventIds: false}))).toBe(false);
  });

  it("ordering protection is what removes the regression in the ordering experiment", () => {
    const experiment = findDeliveryExperiment("ordering-off")!;
    expect(experiment.shows(simulateDelivery({...experiment.overrides, ignoreOlderSequence: true}))).toBe(false);
    // Deduplication alone does not: the late update's event id is new.
    expect(experiment.shows(simulateDelivery({...experiment.overrides, ignoreSeenEventIds: true}))).toBe(true);
  });

  it("the deletion experiment depends on the request being in flight at deletion", () => {
    const experiment = findDeliveryExperiment("delete-at-3s")!;
    // Deleted at 2 s, attempt 1 (due at 2 s) is suppressed: nothing is in flight.
    expect(experiment.shows(simulateDelivery({deleteConfigAtSeconds: 2}))).toBe(false);
  });

  it("step 6 asks about deletion without telling what the run shows (a request still in flight)", () => {
    const step = deliveryExperiments[5]!;
    expect(step.id).toBe("delete-at-3s");
    const question = step.prediction.question;
    expect(question).toContain("deleted at 3 s");
    // The lesson is that a request already sent still arrives: the question must leave that to the reader.
    expect(question).not.toMatch(/on its way|in flight|in transit|sent at|still arrives/i);
  });

  it("finds nothing for an unknown id", () => {
    expect(findDeliveryExperiment("nope")).toBeUndefined();
  });
});
