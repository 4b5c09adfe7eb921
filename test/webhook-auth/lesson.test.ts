import {describe, expect, it} from "vitest";
import {formatDuration} from "../../src/components/format/duration-format.js";
import {checkFieldValue, type FieldSpec, type FieldValue} from "../../lib/lesson-inputs/fields.js";
import {readPermalink, writePermalink} from "../../lib/lesson-inputs/permalink.js";
import {
  DEMO_OTHER_ENDPOINT_SECRET,
  DEMO_ROTATED_SECRET,
  STANDARD_WEBHOOKS_TEST_SECRET,
  STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
  DEMO_BODY,
  DEMO_BODIES,
  DEMO_NOW_SECONDS,
  readPushPayload,
  signedBodyShape,
  attemptFates,
  dedupRecordSpans,
  findWebhookExperiment,
  raceTable,
  rememberingV1aDemo,
  runV1aDemo,
  rememberingWebhookLesson,
  rememberingWebhookTampering,
  runWebhookLesson,
  runWebhookTampering,
  selectRaceRun,
  webhookExperiments,
  webhookLessonDefaults,
  webhookLessonFields,
  type WebhookLessonInputs,
  type WebhookLessonRun
} from "../../lib/webhook-auth/index.js";

// Fixtures stand in for the secrets the page generates: tests need fixed values.
const SECRETS = {
  secret: STANDARD_WEBHOOKS_TEST_SECRET,
  rotatedSecret: DEMO_ROTATED_SECRET,
  otherEndpointSecret: DEMO_OTHER_ENDPOINT_SECRET,
  eventId: "msg_test0001"
};
const run = (overrides: Partial<WebhookLessonInputs> = {}): Promise<WebhookLessonRun> =>
  runWebhookLesson({...webhookLessonDefaults, ...overrides}, SECRETS);

describe("the A2A version of the signed body", () => {
  it("each version's demo body is that version's push body for the demo task, completed", () => {
    expect(readPushPayload(DEMO_BODIES["0.3"])).toMatchObject({
      ok: true,
      shape: "v0.3 status-update",
      taskId: "task-3f9c2a",
      state: "completed"
    });
    expect(readPushPayload(DEMO_BODIES["1.0"])).toMatchObject({
      ok: true,
      shape: "v1.0 StreamResponse.statusUpdate",
      taskId: "task-3f9c2a",
      state: "TASK_STATE_COMPLETED"
    });
    expect(DEMO_BODIES["1.0"]).toBe(DEMO_BODY);
  });

  it("a run at 1.0 without a body signs the 1.0 body, in the debugger and in the tampering run", async () => {
    const lesson = await runWebhookLesson({version: "1.0"}, SECRETS);
    expect(lesson.refused).toEqual([]);
    expect(lesson.inputs.body).toBe(DEMO_BODIES["1.0"]);
    expect(lesson.debug.ok && lesson.debug.sender.signedContent.endsWith(DEMO_BODIES["1.0"])).toBe(true);
    const v03 = await runWebhookLesson({}, SECRETS);
    expect(v03.inputs.body).toBe(DEMO_BODIES["0.3"]);
    const bytes = async (run: WebhookLessonRun) =>
      (await runWebhookTampering(run.inputs, SECRETS))!.experiments.map((experiment) => experiment.request.body.length);
    expect(new Set(await bytes(lesson))).toEqual(new Set([DEMO_BODIES["1.0"].length]));
    expect(new Set(await bytes(v03))).toEqual(new Set([DEMO_BODIES["0.3"].length]));
    // After the 0.3 run, a remembering tampering run signs again at 1.0: the version is one of its inputs.
    const tampering = rememberingWebhookTampering();
    const before = await tampering(v03.inputs, SECRETS);
    const after = await tampering(lesson.inputs, SECRETS);
    expect(after).not.toBe(before);
    expect(new Set(after!.experiments.map((experiment) => experiment.request.body.length))).toEqual(
      new Set([DEMO_BODIES["1.0"].length])
    );
  });

  it("says which version a body is, and when it is not the chosen one", () => {
    expect(signedBodyShape(DEMO_BODIES["1.0"], "1.0")).toMatchObject({version: "1.0", bodyVersion: "1.0", demo: true});
    expect(signedBodyShape(DEMO_BODIES["1.0"].replace("3f9c2a", "3f9c2b"), "1.0")).toMatchObject({
      bodyVersion: "1.0",
      demo: false
    });
    expect(signedBodyShape(DEMO_BODIES["0.3"], "1.0")).toMatchObject({version: "1.0", bodyVersion: "0.3", demo: false});
    expect(signedBodyShape("hello", "0.3")).toMatchObject({bodyVersion: null, read: {ok: false}});
  });
});

describe("the lesson's inputs", () => {
  it("every default is accepted by its field, and every field has a default", () => {
    for (const field of webhookLessonFields) {
      expect([
        field.name,
        checkFieldValue(field, (webhookLessonDefaults as Record<string, unknown>)[field.name])
      ]).toEqual([field.name, null]);
    }
    expect(Object.keys(webhookLessonDefaults).sort()).toEqual(webhookLessonFields.map((field) => field.name).sort());
  });

  it("round-trips through a permalink, and a bad value falls back with a notice", () => {
    const values = {
      ...webhookLessonDefaults,
      retentionSeconds: 300,
      reserializedBody: true,
      retryPreset: "a2a-js-sdk-default-sender"
    };
    const link = writePermalink(values, webhookLessonFields, webhookLessonDefaults);
    expect(link).toContain("retentionSeconds=300");
    expect(readPermalink(link, webhookLessonFields, webhookLessonDefaults)).toEqual({values, notices: []});
    const bad = readPermalink("?raceWorkers=9", webhookLessonFields, webhookLessonDefaults);
    expect(bad.values.raceWorkers).toBe(2);
    expect(bad.notices.map((notice) => notice.parameter)).toEqual(["raceWorkers"]);
  });
});

describe("runWebhookLesson", () => {
  it("verifies the default request and applies the original delivery once in the tampering run", async () => {
    const result = await run();
    expect(result.debug.ok && result.debug.verdict.ok).toBe(true);
    const tampering = await runWebhookTampering(result.inputs, SECRETS);
    expect(tampering!.experiments.every((experiment) => experiment.asExpected)).toBe(true);
    expect(tampering!.effects).toBe(1);
    expect(result.horizon.result.resigned.slippedPast).toBe(0);
    expect(result.race.index).toBe(2);
    expect(result.race.run.effects).toBe(2);
  });

  it("uses the given secrets and event id, never the demo fixtures", async () => {
    const result = await run();
    if (!result.debug.ok) throw new Error("debug failed");
    expect(result.debug.sender.headers["webhook-id"]).toBe("msg_test0001");
    expect((await runWebhookTampering(result.inputs, SECRETS))!.experiments[0]!.request.headers["webhook-id"]).toBe(
      "msg_test0001"
    );
    const other = await runWebhookLesson(webhookLessonDefaults, {...SECRETS, secret: DEMO_ROTATED_SECRET});
    if (!other.debug.ok) throw new Error("debug failed");
    expect(other.debug.sender.headers["webhook-signature"]).not.toBe(result.debug.sender.headers["webhook-signature"]);
  });

  it("the fates put the outage first, then lost or delivered acknowledgements", () => {
    expect(attemptFates(4, 1, true)).toEqual(["unreachable", "ack-lost", "ack-lost", "ack-lost"]);
    expect(attemptFates(3, 0, false)).toEqual(["acknowledged", "acknowledged", "acknowledged"]);
    expect(attemptFates(1, 5, true)).toEqual(["unreachable"]);
  });

  it("a record span starts at each applied arrival and lasts the retention", async () => {
    const result = await run({retentionSeconds: 300});
    const spans = dedupRecordSpans(result.horizon.result.resigned, 300);
    expect(spans.length).toBe(result.horizon.result.resigned.effects);
    expect(spans.every((span) => span.untilSeconds - span.fromSeconds === 300)).toBe(true);
  });

  it("selects interleavings by 1-based number and clamps past the count", () => {
    const table = raceTable("insert-if-absent", 2);
    expect(selectRaceRun(table, 1)).toMatchObject({index: 1, clamped: false});
    expect(selectRaceRun(table, 50)).toMatchObject({index: 6, clamped: true});
  });
});

describe("without Web Crypto", () => {
  it("says why nothing is signed and still computes the models that need no crypto", async () => {
    const result = await runWebhookLesson(webhookLessonDefaults, SECRETS, null);
    expect(result.webCrypto).toEqual({available: false, reason: expect.stringMatching(/secure contexts/)});
    expect(result.debug.ok).toBe(false);
    expect(await runWebhookTampering(result.inputs, SECRETS, null)).toBeNull();
    expect(result.horizon.result.resigned.rows.length).toBe(10);
  });
});

describe("rememberingWebhookTampering", () => {
  it("hands back the same report while the version, tolerance and secrets are the same, and signs again when one changes", async () => {
    const tampering = rememberingWebhookTampering();
    const first = tampering(webhookLessonDefaults, SECRETS);
    // Another input of the lesson is none of the tampering run's.
    const otherRetention: WebhookLessonInputs = {...webhookLessonDefaults, retentionSeconds: 60};
    expect(tampering(otherRetention, SECRETS)).toBe(first);
    const report = await first;
    for (const [inputs, secrets] of [
      [{...webhookLessonDefaults, toleranceSeconds: 60}, SECRETS],
      [{...webhookLessonDefaults, version: "1.0"}, SECRETS],
      [webhookLessonDefaults, {...SECRETS, secret: DEMO_ROTATED_SECRET}]
    ] as const) {
      const again = await tampering(inputs, secrets);
      expect(again).not.toBe(report);
      expect(again).toEqual(await runWebhookTampering(inputs, secrets));
    }
  });
});

describe("rememberingWebhookTampering after a failure", () => {
  it("runs again after a run that failed, instead of handing the failure back", async () => {
    const tampering = rememberingWebhookTampering();
    // A secret that cannot sign makes the run fail.
    const unusable = {...SECRETS, secret: "whsec_"};
    const failed = tampering(webhookLessonDefaults, unusable);
    await expect(failed).rejects.toThrow(/cannot sign/);
    const again = tampering(webhookLessonDefaults, unusable);
    expect(again).not.toBe(failed);
    await expect(again).rejects.toThrow(/cannot sign/);
  });
});

describe("the lesson's named experiments", () => {
  it("have unique ids", () => {
    expect(new Set(webhookExperiments.map((experiment) => experiment.id)).size).toBe(webhookExperiments.length);
  });

  it.each(webhookExperiments.map((experiment) => [experiment.id, experiment] as const))(
    "%s shows its effect, and not on the defaults",
    async (_, experiment) => {
      expect(await run(experiment.overrides).then(experiment.shows)).toBe(true);
      expect(experiment.shows(await run())).toBe(false);
    }
  );

  it("the outage step's title and text give the times its run shows", async () => {
    const experiment = findWebhookExperiment("outage-then-ack")!;
    const {rows} = (await run(experiment.overrides)).horizon.result.resigned;
    const lastDown = rows.filter((row) => row.fate === "unreachable").at(-1)!;
    const firstApplied = rows.find((row) => row.effectApplied)!;
    const text = `${experiment.title} ${experiment.lookAt} ${experiment.why}`;
    expect(text).toContain(`the last ${formatDuration(lastDown.arrivesAtSeconds)} after the first`);
    expect(experiment.lookAt).toContain(`the sixth, ${formatDuration(firstApplied.arrivesAtSeconds)} in`);
    expect(experiment.why).toContain(`the sixth, ${formatDuration(firstApplied.arrivesAtSeconds)} after the first`);
    expect(firstApplied.attempt).toBe(6);
    // No rounded length of time the run does not show ("a 2-hour outage", "7.5 h in").
    expect(text).not.toMatch(/\d+-hour|\d+\.\d+ h\b/);
  });

  it("the rotation overlap is what fixes the rotation experiment", async () => {
    const experiment = findWebhookExperiment("split-on-comma-rotation")!;
    expect(experiment.shows(await run({...experiment.overrides, duringRotation: false}))).toBe(false);
  });
});

describe("the v1a demo", () => {
  it("signs and verifies with Ed25519 in Node, and a changed byte fails", async () => {
    const demo = await runV1aDemo({
      secretKey: STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
      msgId: "msg_1",
      timestamp: DEMO_NOW_SECONDS,
      body: DEMO_BODY,
      nowSeconds: DEMO_NOW_SECONDS
    });
    if (!demo.supported) throw new Error(demo.reason);
    expect(demo.publicKey).toMatch(/^whpk_/);
    expect(demo.verification.ok).toBe(true);
    expect(demo.tampered.ok).toBe(false);
  });

  it("remembered, signs again only when a field of its input changes, and equals a fresh run", async () => {
    const demoOf = rememberingV1aDemo();
    const input = {
      secretKey: STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
      msgId: "msg_1",
      timestamp: DEMO_NOW_SECONDS,
      body: DEMO_BODY,
      nowSeconds: DEMO_NOW_SECONDS,
      toleranceSeconds: 300
    };
    const first = await demoOf(input);
    expect(await demoOf({...input})).toBe(first);
    const other = await demoOf({...input, toleranceSeconds: 60});
    expect(other).not.toBe(first);
    expect(other).toEqual(await runV1aDemo({...input, toleranceSeconds: 60}));
  });

  it("says so instead of throwing when there is no Web Crypto", async () => {
    const subtle = {
      importKey: () => Promise.reject(Object.assign(new Error("Unrecognized name"), {name: "NotSupportedError"}))
    } as unknown as SubtleCrypto;
    const demo = await runV1aDemo({
      secretKey: STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
      msgId: "msg_1",
      timestamp: 1,
      body: "{}",
      nowSeconds: 1,
      subtle
    });
    expect(demo).toMatchObject({supported: false});
    if (!demo.supported) expect(demo.reason).toMatch(/Ed25519/);
  });
});

describe("runWebhookLesson on values no row accepts", () => {
  it("reports each refused value, uses its default, and never throws", async () => {
    const result = await runWebhookLesson(
      {
        ...webhookLessonDefaults,
        raceWorkers: 2.5,
        unreachableAttempts: 1.5,
        raceInterleaving: 1.5,
        toleranceSeconds: Number.NaN,
        body: 42
      },
      SECRETS
    );
    expect(result.refused.map((refused) => refused.field)).toEqual([
      "body",
      "toleranceSeconds",
      "unreachableAttempts",
      "raceWorkers",
      "raceInterleaving"
    ]);
    expect(result.refused.find((refused) => refused.field === "raceWorkers")).toEqual({
      field: "raceWorkers",
      label: "Concurrent deliveries of the same event",
      value: "2.5",
      problem: "must be a whole number from 2 to 3 workers",
      fallback: "2"
    });
    expect(result.inputs).toEqual(webhookLessonDefaults);
    expect(result.race.table.workers).toBe(2);
  });

  it("says when the interleaving asked for is past the count, and which one it shows", async () => {
    const result = await runWebhookLesson({...webhookLessonDefaults, raceInterleaving: 90}, SECRETS);
    expect(result.race.clamped).toBe(true);
    expect(result.refused).toHaveLength(1);
    expect(result.refused[0]!.problem).toBe(
      `there are ${result.race.table.runs.length} interleavings of 2 workers with this strategy`
    );
    expect(result.refused[0]!.fallback).toBe(`the last one, ${result.race.table.runs.length}`);
  });
});

describe("rememberingWebhookLesson hands back unchanged parts as the same objects", () => {
  it("by what each part read, so a page can skip redrawing what an input did not change", async () => {
    const remembering = rememberingWebhookLesson();
    const first = await remembering(webhookLessonDefaults, SECRETS);
    const toggled = await remembering({...webhookLessonDefaults, reserializedBody: true}, SECRETS);
    expect(toggled.debug).not.toEqual(first.debug);
    for (const part of ["horizon", "races", "race", "reconcile", "rotation", "jwt"] as const)
      expect([part, toggled[part] === first[part]]).toEqual([part, true]);
    const tolerance = await remembering({...webhookLessonDefaults, toleranceSeconds: 60}, SECRETS);
    expect(tolerance.horizon).not.toBe(toggled.horizon);
    expect(tolerance.races).toBe(first.races);
    expect(tolerance.debug).not.toBe(toggled.debug);
    const workers = await remembering({...webhookLessonDefaults, toleranceSeconds: 60, raceWorkers: 3}, SECRETS);
    expect(workers.races).not.toBe(first.races);
    // The signature debugger reads none of the race's inputs: its result is the same object.
    expect(workers.debug).toBe(tolerance.debug);
    expect(workers.races.every((table) => table.workers === 3)).toBe(true);
  });

  /** A run without its JWT's signature: ES256 signs with a fresh random nonce each time (ECDSA), so two signings of one token differ only there. */
  const unsigned = (lesson: WebhookLessonRun) => ({
    ...lesson,
    jwt: lesson.jwt && {
      ...lesson.jwt,
      sender: {...lesson.jwt.sender, token: lesson.jwt.sender.token.split(".").slice(0, 2).join("."), headers: []}
    }
  });

  /** Another value of a field than `value`, within what the field accepts. */
  const otherValue = (field: FieldSpec, value: FieldValue): FieldValue => {
    if (field.kind === "boolean") return !value;
    if (field.kind === "choice") return field.options.find((option) => option.value !== value)!.value;
    if (field.kind === "text") return "{}";
    return value === field.max ? field.min : field.max;
  };

  it("equals a run made from scratch after a change of any one input, and reuses nothing signed with other secrets", async () => {
    const remembering = rememberingWebhookLesson();
    await remembering(webhookLessonDefaults, SECRETS);
    // Every field, one at a time and then back: a part that missed a field it reads would be stale here.
    for (const field of webhookLessonFields) {
      const changed = {
        ...webhookLessonDefaults,
        [field.name]: otherValue(field, webhookLessonDefaults[field.name as keyof WebhookLessonInputs] as FieldValue)
      };
      for (const values of [changed, webhookLessonDefaults]) {
        const reused = await remembering(values, SECRETS);
        expect([field.name, unsigned(reused)]).toEqual([field.name, unsigned(await runWebhookLesson(values, SECRETS))]);
      }
    }
    const otherSecrets = {...SECRETS, secret: DEMO_ROTATED_SECRET};
    const resigned = await remembering(webhookLessonDefaults, otherSecrets);
    expect(unsigned(resigned)).toEqual(unsigned(await runWebhookLesson(webhookLessonDefaults, otherSecrets)));
  });
});
