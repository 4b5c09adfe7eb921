/**
 * The examples menu: named request texts from data/message/examples.json,
 * validated when this module loads (a malformed file fails loudly instead of
 * showing the reader a broken menu). Each carries what the stages must do
 * with it; test/message/examples.test.ts holds the lab to that.
 */
import * as z from "zod/mini";
import {namedRun, type RunLabel} from "../lesson-inputs/run-label.js";
import examplesFile from "../../data/message/examples.json" with {type: "json"};
import {MAX_REQUEST_BYTES} from "./request-size.js";
import {DEFAULT_MESSAGE_VERSION, type MessageVersion} from "../shared/message-version.js";

const stage = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4), z.literal(5), z.literal(6)]);

const ExpectedRequest = z.object({
  /** The stage that stops it, or null when it goes through all six. */
  stoppedAt: z.nullable(stage),
  /** The JSON-RPC error code, or null. */
  code: z.nullable(z.int()),
  /** Whether the receiver sends a response object for it. */
  responds: z.boolean()
});

const MessageExampleSchema = z.object({
  id: z.string().check(z.regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/)),
  /** The A2A-Version it is sent with; v0.3.0 when absent. */
  version: z.optional(z.union([z.literal("0.3"), z.literal("1.0")])),
  title: z.string().check(z.minLength(1)),
  summary: z.string().check(z.minLength(1)),
  requestText: z.string().check(z.maxLength(MAX_REQUEST_BYTES)),
  expect: z.object({
    shape: z.union([z.literal("single"), z.literal("batch"), z.literal("unreadable")]),
    requests: z.array(ExpectedRequest).check(z.minLength(1)),
    receipts: z.int().check(z.nonnegative()),
    responseSent: z.boolean(),
    clientConfirmed: z.int().check(z.nonnegative()),
    /** Finding codes that must appear. */
    findingCodes: z.array(z.string())
  })
});

const ExamplesFileSchema = z.object({
  $comment: z.optional(z.string()),
  examples: z
    .array(MessageExampleSchema)
    .check(z.refine((list) => new Set(list.map((e) => e.id)).size === list.length, "example ids must be unique"))
});

export type MessageExample = z.infer<typeof MessageExampleSchema>;

/** Validates the examples file's content; throws with zod's message if it is malformed. */
export function parseExamplesFile(data: unknown): MessageExample[] {
  return ExamplesFileSchema.parse(data).examples;
}

/** The examples menu, in file order. */
export const MESSAGE_EXAMPLES: readonly MessageExample[] = parseExamplesFile(examplesFile);

export function messageExample(id: string): MessageExample | undefined {
  return MESSAGE_EXAMPLES.find((e) => e.id === id);
}

/** The version an example is sent with. */
export function exampleVersion(example: MessageExample): MessageVersion {
  return example.version ?? DEFAULT_MESSAGE_VERSION;
}

/** The examples of one version, in file order. */
export function messageExamplesFor(version: MessageVersion): MessageExample[] {
  return MESSAGE_EXAMPLES.filter((example) => exampleVersion(example) === version);
}

/** Names a run of lesson 2 on exports: the example, whether its request was edited, and the version when it is not the example's. */
export function messageRunLabel(exampleId: string, requestText: string, version?: MessageVersion): RunLabel {
  const example = messageExample(exampleId);
  const readAs = (own: MessageVersion | null) =>
    version !== undefined && version !== own
      ? {words: `, sent as A2A-Version ${version}`, token: [`as-${version}`]}
      : {words: "", token: []};
  if (!example) {
    const as = readAs(DEFAULT_MESSAGE_VERSION);
    return namedRun(`Your own request${as.words}`, ["request-edited", ...as.token]);
  }
  const edited = example.requestText !== requestText;
  const as = readAs(exampleVersion(example));
  return namedRun(`Example: ${example.title}${edited ? " (edited)" : ""}${as.words}`, [
    edited ? `${example.id}-edited` : example.id,
    ...as.token
  ]);
}
