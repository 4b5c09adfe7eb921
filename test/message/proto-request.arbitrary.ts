/**
 * Generated A2A 1.0 SendMessageRequest values for the agreement test: a valid request, and
 * three times in four one to three mutations that may or may not break it (a field removed,
 * set to its default, given the wrong type or an out-of-range number, a second oneof member,
 * both names of a field, a bad base64 or enum name, a lone surrogate, an unknown member, a null).
 */
import * as fc from "fast-check";

type Json = null | boolean | number | string | Json[] | {[key: string]: Json};
type Obj = {[key: string]: Json};

const word = fc.string({minLength: 1, maxLength: 8, unit: fc.constantFrom(..."abcdefxyz019-_ ".split(""))});
const jsonValue: fc.Arbitrary<Json> = fc.jsonValue({maxDepth: 2}) as fc.Arbitrary<Json>;
const base64 = fc.uint8Array({maxLength: 7}).chain((bytes) => {
  const standard = Buffer.from(bytes).toString("base64");
  return fc.constantFrom(standard, standard.replace(/=+$/, ""), Buffer.from(bytes).toString("base64url"));
});

const part: fc.Arbitrary<Obj> = fc
  .tuple(
    fc.oneof(
      word.map((text) => ({text})),
      base64.map((raw) => ({raw})),
      word.map((url) => ({url: `https://files.example/${url}`})),
      jsonValue.map((data) => ({data}))
    ),
    fc.option(word.map((mediaType) => ({mediaType}))),
    fc.option(word.map((filename) => ({filename}))),
    fc.option(fc.dictionary(word, jsonValue, {maxKeys: 2}).map((metadata) => ({metadata})))
  )
  .map(([content, ...rest]) => Object.assign({}, content, ...rest.filter((x) => x !== null)) as Obj);

const message: fc.Arbitrary<Obj> = fc
  .record(
    {
      messageId: word,
      role: fc.constantFrom<Json>("ROLE_USER", "ROLE_AGENT", 1, 2),
      parts: fc.array(part, {minLength: 1, maxLength: 3}),
      contextId: word,
      taskId: word,
      extensions: fc.array(word, {maxLength: 2}),
      referenceTaskIds: fc.array(word, {maxLength: 2})
    },
    {requiredKeys: ["messageId", "role", "parts"]}
  )
  .map((value) => value as Obj);

const pushConfig: fc.Arbitrary<Obj> = fc
  .record(
    {
      url: word.map((path) => `https://hooks.example/${path}`),
      id: word,
      token: word,
      authentication: fc.record(
        {scheme: fc.constantFrom("Bearer", "Basic"), credentials: word},
        {requiredKeys: ["scheme"]}
      )
    },
    {requiredKeys: ["url"]}
  )
  .map((value) => value as Obj);

const configuration: fc.Arbitrary<Obj> = fc
  .record(
    {
      acceptedOutputModes: fc.array(word, {maxLength: 2}),
      historyLength: fc.integer({min: -5, max: 50}),
      returnImmediately: fc.boolean(),
      taskPushNotificationConfig: pushConfig
    },
    {requiredKeys: []}
  )
  .map((value) => value as Obj);

const request: fc.Arbitrary<Obj> = fc
  .record(
    {tenant: word, message, configuration, metadata: fc.dictionary(word, jsonValue, {maxKeys: 2})},
    {requiredKeys: ["message"]}
  )
  .map((value) => value as Obj);

/** Every object inside `value` with its path of keys, the value itself first. */
function objectsIn(value: Json, path: string[] = []): {object: Obj; path: string[]}[] {
  if (value === null || typeof value !== "object") return [];
  if (Array.isArray(value)) return value.flatMap((item, index) => objectsIn(item, [...path, String(index)]));
  return [{object: value, path}, ...Object.entries(value).flatMap(([key, item]) => objectsIn(item, [...path, key]))];
}

const SNAKE: Record<string, string> = {
  messageId: "message_id",
  contextId: "context_id",
  taskId: "task_id",
  mediaType: "media_type",
  historyLength: "history_length",
  referenceTaskIds: "reference_task_ids"
};
const WRONG_VALUES: Json[] = [
  0,
  1.5,
  -1,
  2 ** 31,
  "",
  "x",
  "12",
  true,
  false,
  null,
  [],
  [null],
  {},
  "ROLE_USR",
  "user",
  "ROLE_UNSPECIFIED",
  "a",
  "aGk==",
  "+_8=",
  "ab c",
  "\ud800"
];

type Mutation = (target: {object: Obj; path: string[]}, key: string, pick: number) => void;
// A copy: a shared [] or {} that a later mutation wrote into could end up holding itself (a cycle).
const wrongValue: Mutation = ({object}, key, pick) =>
  void (object[key] = structuredClone(WRONG_VALUES[pick % WRONG_VALUES.length]!));
// A wrong value is listed twice: most other mutations leave the request valid.
const mutations: Mutation[] = [
  ({object}, key) => void delete object[key],
  wrongValue,
  wrongValue,
  ({object}, key) => {
    const snake = SNAKE[key];
    if (snake !== undefined) object[snake] = object[key]!;
  },
  ({object}, key) => {
    const snake = SNAKE[key];
    if (snake !== undefined) {
      object[snake] = object[key]!;
      delete object[key];
    }
  },
  ({object}, _, pick) =>
    void (object[["text", "raw", "url", "data"][pick % 4]!] = ["x", "aGk=", "https://files.example/y", 1][pick % 4]!),
  ({object}, _, pick) => void (object[["kind", "lang", "@type", "unknownField"][pick % 4]!] = "message")
];

export function protoRequestArbitrary(): fc.Arbitrary<Obj> {
  const mutation = fc.tuple(fc.nat(), fc.nat(), fc.nat(), fc.nat());
  return fc
    .tuple(
      request,
      fc.oneof(
        {weight: 1, arbitrary: fc.constant([])},
        {weight: 3, arbitrary: fc.array(mutation, {minLength: 1, maxLength: 3})}
      )
    )
    .map(([value, chosen]) => {
      const copy = structuredClone(value);
      for (const [where, which, keyPick, pick] of chosen) {
        const targets = objectsIn(copy);
        const target = targets[where % targets.length]!;
        const keys = Object.keys(target.object);
        const key = keys.length === 0 ? "messageId" : keys[keyPick % keys.length]!;
        mutations[which % mutations.length]!(target, key, pick);
      }
      return copy;
    });
}
