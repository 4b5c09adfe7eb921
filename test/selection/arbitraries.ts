import fc from "fast-check";
import type {Policy, Registry, RegistryEntry} from "../../lib/selection/index.js";

/*
 * Small value domains on purpose: they make every gate both pass and fail, and make equal
 * scores (ties) common, which is where ordering bugs hide. Values are weighted towards what the
 * policies ask for (repeated entries in constantFrom), so that several agents are usually
 * eligible and the ranking properties are exercised, not only the incompatibility ones.
 */
export const tenants = ["north", "south"] as const;
export const skillIds = ["summarize", "translate", "classify"] as const;
export const mediaTypes = ["text/markdown", "text/plain", "text/html", "Text/Markdown"] as const;

const modes = fc.uniqueArray(fc.constantFrom("text/markdown", "text/markdown", ...mediaTypes), {
  minLength: 1,
  maxLength: 3
});

const skill = fc.record({
  id: fc.constantFrom("summarize", "summarize", ...skillIds),
  name: fc.constant("skill"),
  description: fc.constant("A generated skill."),
  tags: fc.constant(["generated"]).map((tags) => [...tags]),
  outputModes: fc.option(modes, {nil: undefined})
});

const metadata = fc
  .record({
    tenant: fc.constantFrom("north", "north", "north", ...tenants),
    curatorApproved: fc.constantFrom(true, true, false),
    metadataAgeSeconds: fc.constantFrom(0, 100, 3_600, 86_400, 90_000),
    costPerCallCents: fc.integer({min: 0, max: 6}),
    medianLatencyMs: fc.constantFrom(100, 200, 300, 300, 450),
    observations: fc.constantFrom(0, 1, 3, 10, 20, 40),
    successRate: fc.constantFrom(0, 0.5, 0.9, 1)
  })
  .map(({successRate, ...rest}) => ({...rest, successes: Math.floor(rest.observations * successRate)}));

export function entryArbitrary(agentId: string): fc.Arbitrary<RegistryEntry> {
  return fc
    .record({
      skills: fc.array(skill, {minLength: 1, maxLength: 3}),
      defaultOutputModes: modes,
      streaming: fc.constantFrom(true, true, false, undefined),
      registryMetadata: metadata
    })
    .map(
      ({skills, defaultOutputModes, streaming, registryMetadata}): RegistryEntry => ({
        agentId,
        card: {
          name: agentId,
          description: "A generated agent.",
          url: `https://agents.test.example/${agentId}`,
          version: "1.0.0",
          protocolVersion: "0.3.0",
          capabilities: streaming === undefined ? {} : {streaming},
          defaultInputModes: ["text/plain"],
          defaultOutputModes: [...defaultOutputModes],
          skills: skills.map(({outputModes, ...rest}) => (outputModes === undefined ? rest : {...rest, outputModes}))
        },
        registryMetadata
      })
    );
}

export const registryArbitrary: fc.Arbitrary<Registry> = fc
  .uniqueArray(fc.stringMatching(/^[a-d]{1,3}$/), {maxLength: 16, size: "medium"})
  .chain((ids) => fc.tuple(...ids.map((id) => entryArbitrary(id))))
  .map((agents) => ({notice: "generated for a property test", agents}));

const weights = {
  latencyWeight: fc.constantFrom(0, 0.5, 1, 2, 3.3),
  costWeight: fc.constantFrom(0, 0.5, 1, 2, 3.3),
  observedSuccessWeight: fc.constantFrom(0, 0.5, 1, 2, 3.3)
};

/** Any combination of requirements: mostly incompatibilities, exercising the gates. */
const anyPolicy: fc.Arbitrary<Policy> = fc.record({
  tenant: fc.constantFrom(...tenants),
  requiredSkillId: fc.constantFrom(...skillIds),
  outputMode: fc.constantFrom("text/markdown", "text/plain", "text/html"),
  requireStreaming: fc.boolean(),
  requireCuratorApproval: fc.boolean(),
  metadataTtlSeconds: fc.constantFrom(0, 3_600, 86_400, 604_800),
  additionalElapsedSeconds: fc.constantFrom(0, 100, 7_200),
  costBudgetCents: fc.integer({min: 0, max: 6}),
  minimumObservations: fc.constantFrom(0, 1, 10, 20),
  version: fc.constantFrom("0.3", "1.0"),
  ...weights
});

/** The common job with loose limits: usually several eligible agents, exercising the ranking. */
const lenientPolicy: fc.Arbitrary<Policy> = fc.record({
  tenant: fc.constant("north"),
  requiredSkillId: fc.constant("summarize"),
  outputMode: fc.constant("text/markdown"),
  requireStreaming: fc.constant(false),
  requireCuratorApproval: fc.constantFrom(false, false, true),
  metadataTtlSeconds: fc.constant(604_800),
  additionalElapsedSeconds: fc.constant(0),
  costBudgetCents: fc.constantFrom(5, 6),
  minimumObservations: fc.constantFrom(0, 0, 1),
  version: fc.constantFrom("0.3", "1.0"),
  ...weights
});

export const policyArbitrary: fc.Arbitrary<Policy> = fc.oneof(
  {arbitrary: lenientPolicy, weight: 1},
  {arbitrary: anyPolicy, weight: 1}
);

/** A deterministic permutation, so a test can reorder a registry without a random source. */
export function permuted<T>(values: readonly T[], seed: number): T[] {
  const copy = [...values];
  let state = seed >>> 0 || 1;
  for (let index = copy.length - 1; index > 0; index--) {
    state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
    const other = state % (index + 1);
    [copy[index], copy[other]] = [copy[other]!, copy[index]!];
  }
  return copy;
}
