import fc from "fast-check";
import {describe, expect, it} from "vitest";
import {
  defaultPolicy,
  defaultRegistry,
  selectionExperimentPolicy,
  selectionExperiments,
  parsePolicy,
  selectAgent
} from "../../lib/selection/index.js";
import type {Experiment as ListedExperiment} from "../../src/components/tour/experiment-list.js";
import type {Policy, SelectionResult} from "../../lib/selection/index.js";
import {policyArbitrary, registryArbitrary} from "./arbitraries.js";

// Compile-time check: the experiments fit the shared ExperimentList component as they are.
const listed: readonly ListedExperiment<SelectionResult, Policy>[] = selectionExperiments;

const defaultResult = selectAgent(defaultRegistry, defaultPolicy);

describe("experiments", () => {
  it("are the issue's four, plus the small-sample one, with unique ids", () => {
    const ids = listed.map((experiment) => experiment.id);
    expect(ids).toEqual([
      "expire-metadata",
      "raise-minimum-observations",
      "zero-weights",
      "streaming-html",
      "trust-tiny-sample"
    ]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  for (const experiment of selectionExperiments) {
    describe(experiment.id, () => {
      it("asks for a valid policy", () => {
        expect(parsePolicy(selectionExperimentPolicy(experiment)).ok).toBe(true);
      });

      it("shows its effect on its own policy and not on the default policy", () => {
        expect(experiment.shows(selectAgent(defaultRegistry, selectionExperimentPolicy(experiment)))).toBe(true);
        expect(experiment.shows(defaultResult)).toBe(false);
      });

      it("tells the reader what to look at, naming the agent it is about", () => {
        expect(experiment.title.length).toBeGreaterThan(0);
        if (experiment.focusAgentId) {
          expect(experiment.lookAt).toContain(experiment.focusAgentId);
          expect(defaultRegistry.agents.map((entry) => entry.agentId)).toContain(experiment.focusAgentId);
        }
      });
    });
  }

  it("rejects the same candidate for different reasons in the two metadata selectionExperiments", () => {
    const [expire, raise] = selectionExperiments;
    const gateOf = (policy: ReturnType<typeof selectionExperimentPolicy>) =>
      selectAgent(defaultRegistry, policy).rejected.find((agent) => agent.agentId === expire!.focusAgentId)
        ?.firstFailedGate;
    expect(raise!.focusAgentId).toBe(expire!.focusAgentId);
    expect(gateOf(selectionExperimentPolicy(expire!))).toBe("freshness");
    // The second experiment starts from the first one's policy and still works: it restores freshness itself.
    expect(gateOf(selectionExperimentPolicy(raise!, selectionExperimentPolicy(expire!)))).toBe("observations");
  });

  it("have predicates that are pure and never throw, whatever the result", () => {
    fc.assert(
      fc.property(registryArbitrary, policyArbitrary, (registry, policy) => {
        const result = selectAgent(registry, policy);
        const before = structuredClone(result);
        const answers = selectionExperiments.map((experiment) => experiment.shows(result));
        for (const answer of answers) expect(typeof answer).toBe("boolean");
        // A pure predicate depends on the result alone: the same answers for the same selection
        // computed again, and for a plain copy made before any predicate ran.
        expect(selectionExperiments.map((experiment) => experiment.shows(selectAgent(registry, policy)))).toEqual(
          answers
        );
        expect(selectionExperiments.map((experiment) => experiment.shows(structuredClone(before)))).toEqual(answers);
        // And it leaves the result as it found it.
        expect(result).toEqual(before);
      }),
      {numRuns: 200}
    );
  });
});
