/**
 * The scenarios the loopback proof runs: lesson 1's named experiments, and for @a2a-js/sdk the
 * behaviours of its own that the lesson shows (the a2a-java and a2a-go experiments need
 * their own SDKs, which run on the JVM and in Go, not in this test). The localhost-url experiment is the agent's check
 * before it stores a push config, not a sender's behaviour, so the SDK does not run it (the
 * teaching sender does: it sends nothing).
 */
import {deliveryExperiments, type DeliveryConfig} from "../../lib/delivery/index.js";

export interface LoopbackScenario {
  id: string;
  title: string;
  overrides: Partial<DeliveryConfig>;
}

/** One modeled second in real milliseconds: a run of the lesson's 40 s takes about 3 s. */
export const SCALE_MS = Number(process.env.LOOPBACK_SCALE_MS ?? 80);
/** What one step may add to the lateness before it (compare.ts); half a modeled second is 40 ms at the default scale. */
export const TOLERANCE_SECONDS = 0.5;

const experiments: LoopbackScenario[] = deliveryExperiments.map(({id, title, overrides}) => ({id, title, overrides}));
/** The experiments of the teaching sender (the others choose a real sender of their own). */
const teachingExperiments = experiments.filter((scenario) => scenario.overrides.sender === undefined);

const fourUpdatesOneSecondApart = [0, 1, 2, 3].map((atSeconds, index) => ({
  atSeconds,
  eventId: `evt-${index + 1}`,
  sequence: index + 1,
  taskState: "working" as const
}));

export const A2A_JS_SCENARIOS: LoopbackScenario[] = [
  ...experiments.filter(
    (scenario) => scenario.id !== "localhost-url" && (scenario.overrides.sender ?? "a2a-js") === "a2a-js"
  ),
  // The chain needs updates closer than an answer takes, which the lesson's list (10 s apart) is not.
  {
    id: "slow-webhook-chain",
    title: "A slow webhook (4 s) holds each update behind the one before",
    overrides: {responseDelaySeconds: 4, loseFirstSuccessfulAck: false, updates: fourUpdatesOneSecondApart}
  }
];

export const TEACHING_SCENARIOS: LoopbackScenario[] = teachingExperiments;
