import * as z from "zod/mini";
import {problemsFromIssues, type InputProblem} from "./problems.js";

/*
 * A2A v0.3.0 defines no registry API, so this registry is a teaching fixture: each entry pairs an
 * AgentCard with metadata a registry would keep about it. Card field names follow the official
 * schema (shared/spec/a2a/v0.3.0/a2a.json, definitions AgentCard, AgentSkill, AgentCapabilities);
 * only the fields this lesson reads are spelled out, and cards may carry any other card field.
 */

const nonEmptyText = z.string().check(z.minLength(1, {error: "must be a non-empty string"}));
const wholeNumberAtLeastZero = z
  .number({error: "must be a whole number ≥ 0"})
  .check(z.int({error: "must be a whole number ≥ 0"}), z.minimum(0, {error: "must be a whole number ≥ 0"}));
// RFC 6838 section 4.2: a media type is "type/subtype"; parameters are not part of the match here.
const mediaType = z.string().check(
  z.regex(/^[A-Za-z0-9][\w!#$&^.+-]*\/[A-Za-z0-9][\w!#$&^.+-]*$/, {
    error: (issue) =>
      `must be a MIME type such as "text/markdown" (type/subtype, no parameters); got ${JSON.stringify(issue.input)}`
  })
);

/** a2a.json AgentSkill: required description, id, name, tags; outputModes override the card's defaults. */
export const agentSkillSchema = z.looseObject({
  id: nonEmptyText,
  name: z.string(),
  description: z.string(),
  tags: z.array(z.string()),
  inputModes: z.optional(z.array(mediaType)),
  outputModes: z.optional(z.array(mediaType))
});

/** a2a.json AgentCapabilities: every field optional; an absent `streaming` means not declared. */
export const agentCapabilitiesSchema = z.looseObject({
  streaming: z.optional(z.boolean()),
  pushNotifications: z.optional(z.boolean()),
  stateTransitionHistory: z.optional(z.boolean())
});

/** a2a.json AgentCard: the fields the schema marks required, plus optional provider. */
export const agentCardSchema = z.looseObject({
  name: z.string(),
  description: z.string(),
  url: z.string(),
  version: z.string(),
  protocolVersion: z.string(),
  provider: z.optional(z.looseObject({organization: z.string(), url: z.string()})),
  capabilities: agentCapabilitiesSchema,
  defaultInputModes: z.array(mediaType),
  defaultOutputModes: z.array(mediaType),
  skills: z.array(agentSkillSchema)
});

/**
 * What the registry knows that no AgentCard says. Observations and successes are synthetic
 * historical counts, not live telemetry; curator approval is fictional metadata, not verified
 * identity or a safety assessment.
 */
export const registryMetadataSchema = z
  .strictObject({
    tenant: nonEmptyText,
    curatorApproved: z.boolean({error: "must be true or false"}),
    /** Seconds since the registry last refreshed this card, at the moment the snapshot was taken. */
    metadataAgeSeconds: wholeNumberAtLeastZero,
    costPerCallCents: wholeNumberAtLeastZero,
    medianLatencyMs: wholeNumberAtLeastZero,
    observations: wholeNumberAtLeastZero,
    successes: wholeNumberAtLeastZero
  })
  .check(
    z.refine((metadata) => metadata.successes <= metadata.observations, {
      path: ["successes"],
      error: "must not exceed observations (a success is one of the observed calls)",
      // Compare the counts only once each is a valid count; otherwise the first problem is enough.
      when: (payload) => payload.issues.length === 0
    })
  );

export const registryEntrySchema = z.strictObject({
  agentId: nonEmptyText,
  /** Why the fixture contains this agent; for readers of the data, ignored by the selector. */
  designNote: z.optional(z.string()),
  card: agentCardSchema,
  registryMetadata: registryMetadataSchema
});

export const registrySchema = z
  .strictObject({
    notice: z.string(),
    agents: z.array(registryEntrySchema)
  })
  .check(
    z.superRefine((registry, context) => {
      const firstIndexById = new Map<string, number>();
      registry.agents.forEach((entry, index) => {
        const firstIndex = firstIndexById.get(entry.agentId);
        if (firstIndex === undefined) firstIndexById.set(entry.agentId, index);
        else
          context.addIssue({
            code: "custom",
            path: ["agents", index, "agentId"],
            message: `must be unique; "${entry.agentId}" is already used by /agents/${firstIndex}`
          });
      });
    })
  );

export type AgentSkill = z.infer<typeof agentSkillSchema>;
export type AgentCard = z.infer<typeof agentCardSchema>;
export type RegistryMetadata = z.infer<typeof registryMetadataSchema>;
export type RegistryEntry = z.infer<typeof registryEntrySchema>;
export type Registry = z.infer<typeof registrySchema>;

export type ParseRegistryResult = {ok: true; registry: Registry} | {ok: false; problems: InputProblem[]};

/** Validates a registry read from anywhere (the fixture, a pasted file). */
export function parseRegistry(input: unknown): ParseRegistryResult {
  const parsed = z.safeParse(registrySchema, input);
  return parsed.success
    ? {ok: true, registry: parsed.data}
    : {ok: false, problems: problemsFromIssues(parsed.error.issues)};
}

/** Like parseRegistry, but throws with every problem listed; for data that ships with the code. */
export function loadRegistry(input: unknown, source = "registry"): Registry {
  const parsed = parseRegistry(input);
  if (parsed.ok) return parsed.registry;
  const lines = parsed.problems.map((problem) => `  ${problem.field || "(root)"}: ${problem.message}`);
  throw new Error(`${source} is not a valid agent registry:\n${lines.join("\n")}`);
}

/** The output modes an agent offers for one skill: the skill's own list, if present, replaces the card's defaults. */
export function offeredOutputModes(card: AgentCard, skill: AgentSkill): readonly string[] {
  // a2a.json AgentSkill.outputModes: "overriding the agent's defaults" — presence replaces, even when empty.
  return skill.outputModes ?? card.defaultOutputModes;
}
