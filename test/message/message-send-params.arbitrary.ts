/**
 * fast-check generators of MessageSendParams values, valid and invalid, built
 * from the official v0.3.0 definitions (Message, Part, FileWithBytes,
 * FileWithUri, MessageSendConfiguration, PushNotificationConfig ...).
 */
import fc from "fast-check";

const text = fc.string({maxLength: 12});
const metadata = fc.dictionary(fc.string({maxLength: 6}), fc.jsonValue({maxDepth: 2}), {maxKeys: 3});

const textPart = fc.record({kind: fc.constant("text"), text, metadata}, {requiredKeys: ["kind", "text"]});
const fileWithBytes = fc.record(
  {bytes: fc.base64String({maxLength: 12}), mimeType: text, name: text},
  {requiredKeys: ["bytes"]}
);
const fileWithUri = fc.record({uri: fc.webUrl(), mimeType: text, name: text}, {requiredKeys: ["uri"]});
const filePart = fc.record(
  {kind: fc.constant("file"), file: fc.oneof(fileWithBytes, fileWithUri), metadata},
  {requiredKeys: ["kind", "file"]}
);
const dataPart = fc.record({kind: fc.constant("data"), data: metadata, metadata}, {requiredKeys: ["kind", "data"]});
const part = fc.oneof(textPart, filePart, dataPart);

const message = fc.record(
  {
    kind: fc.constant("message"),
    messageId: text,
    role: fc.constantFrom("user", "agent"),
    parts: fc.array(part, {maxLength: 4}),
    contextId: text,
    taskId: text,
    extensions: fc.array(text, {maxLength: 2}),
    referenceTaskIds: fc.array(text, {maxLength: 2}),
    metadata
  },
  {requiredKeys: ["kind", "messageId", "role", "parts"]}
);

const pushConfig = fc.record(
  {
    url: fc.webUrl(),
    id: text,
    token: text,
    authentication: fc.record({schemes: fc.array(text, {maxLength: 2}), credentials: text}, {requiredKeys: ["schemes"]})
  },
  {requiredKeys: ["url"]}
);
const configuration = fc.record(
  {
    acceptedOutputModes: fc.array(text, {maxLength: 2}),
    blocking: fc.boolean(),
    historyLength: fc.integer({min: -5, max: 100}),
    pushNotificationConfig: pushConfig
  },
  {requiredKeys: []}
);

/** Valid MessageSendParams. */
export const validParams = fc.record({message, configuration, metadata}, {requiredKeys: ["message"]});

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};

/** Every path (list of keys) to a value inside `value`, the root included. */
function paths(value: Json, prefix: (string | number)[] = []): (string | number)[][] {
  const out = [prefix];
  if (Array.isArray(value)) value.forEach((v, k) => out.push(...paths(v, [...prefix, k])));
  else if (value !== null && typeof value === "object")
    for (const [k, v] of Object.entries(value)) out.push(...paths(v, [...prefix, k]));
  return out;
}

type Mutation = {op: "replace"; value: Json} | {op: "delete"} | {op: "add"; key: string; value: Json};

function mutate(root: Json, path: (string | number)[], mutation: Mutation): Json {
  const copy = structuredClone(root);
  if (path.length === 0)
    return mutation.op === "replace"
      ? mutation.value
      : mutation.op === "add" && copy !== null && typeof copy === "object" && !Array.isArray(copy)
        ? {...copy, [mutation.key]: mutation.value}
        : copy;
  let parent: Json = copy;
  for (const key of path.slice(0, -1)) parent = (parent as Record<string, Json>)[key as string]!;
  const last = path[path.length - 1]!;
  const container = parent as Record<string | number, Json> & Json[];
  if (mutation.op === "replace") container[last] = mutation.value;
  else if (mutation.op === "delete") {
    if (Array.isArray(container)) container.splice(last as number, 1);
    else delete container[last];
  } else {
    const target = container[last];
    if (target !== null && typeof target === "object" && !Array.isArray(target))
      (target as Record<string, Json>)[mutation.key] = mutation.value;
    else if (Array.isArray(target)) target.push(mutation.value);
  }
  return copy;
}

/** Values likely to break a rule: wrong types, near-miss consts, fractional numbers, nulls. */
const nearMiss = fc.oneof(
  fc.constantFrom<Json>(
    "message",
    "Message",
    "text",
    "file",
    "data",
    "user",
    "agent",
    "robot",
    "",
    1,
    1.5,
    -0,
    0,
    1e21,
    true,
    null,
    [],
    {},
    ["x"],
    {kind: "text"},
    {bytes: "QQ=="},
    {uri: "https://example.com/"}
  ),
  fc.jsonValue({maxDepth: 2}) as fc.Arbitrary<Json>
);

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({op: fc.constant("replace" as const), value: nearMiss}),
  fc.constant({op: "delete" as const}),
  fc.record({
    op: fc.constant("add" as const),
    key: fc.constantFrom("kind", "text", "bytes", "uri", "file", "data", "extra", "role", "parts"),
    value: nearMiss
  })
);

/** Valid params with one to three random mutations: mostly invalid, sometimes still valid. */
export const mutatedParams: fc.Arbitrary<Json> = fc
  .tuple(validParams as fc.Arbitrary<Json>, fc.array(fc.tuple(fc.nat(), mutation), {minLength: 1, maxLength: 3}))
  .map(([value, steps]) => {
    let current: Json = value;
    for (const [pick, m] of steps) {
      const all = paths(current);
      current = mutate(current, all[pick % all.length]!, m);
    }
    return current;
  });

/** A mix: valid values, mutated ones, and arbitrary JSON. */
export const anyParams: fc.Arbitrary<Json> = fc.oneof(
  {weight: 3, arbitrary: validParams as fc.Arbitrary<Json>},
  {weight: 6, arbitrary: mutatedParams},
  {weight: 1, arbitrary: fc.jsonValue({maxDepth: 3}) as fc.Arbitrary<Json>}
);
