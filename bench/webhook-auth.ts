/**
 * Timing of the receiver's verification paths. Async, so it does not use
 * BenchCase (whose run is synchronous); the figures are medians over at least
 * 200 timed runs after a warm-up. Benchmarks report; they never fail on timing.
 */
import {
  DEMO_AUDIENCE,
  DEMO_BODY,
  DEMO_EVENT_ID,
  DEMO_ISSUER,
  DEMO_NOW_SECONDS,
  DEMO_SIGNING_KEY_1,
  DEMO_TASK_ID,
  STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
  STANDARD_WEBHOOKS_TEST_SECRET,
  createJwksCache,
  demoJwks,
  deriveStandardWebhookPublicKey,
  importDemoPrivateKey,
  signA2aPushJwt,
  signStandardWebhook,
  signStandardWebhookV1a,
  verifyA2aPushJwt,
  verifyStandardWebhook,
  verifyStandardWebhookV1a
} from "../lib/webhook-auth/index.js";

const MIN_SAMPLES = 200;
const WARMUP = 50;

// biome-ignore lint/correctness/noUnusedVariables: written so engines keep the measured work; never read
let sink: unknown;

async function medianMicroseconds(run: () => Promise<unknown>, samples: number): Promise<number> {
  for (let i = 0; i < WARMUP; i++) sink = await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = process.hrtime.bigint();
    sink = await run();
    times.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)]!;
}

export async function webhookAuthBench(samples = MIN_SAMPLES): Promise<{name: string; medianMicroseconds: number}[]> {
  const n = Math.max(MIN_SAMPLES, samples);
  const now = DEMO_NOW_SECONDS;
  const results: {name: string; medianMicroseconds: number}[] = [];

  const signed = await signStandardWebhook({
    secret: STANDARD_WEBHOOKS_TEST_SECRET,
    msgId: DEMO_EVENT_ID,
    timestamp: now,
    payload: DEMO_BODY
  });
  results.push({
    name: "verifyStandardWebhook, v1 HMAC-SHA256, one signature",
    medianMicroseconds: await medianMicroseconds(async () => {
      const result = await verifyStandardWebhook({
        secret: STANDARD_WEBHOOKS_TEST_SECRET,
        headers: signed.headers,
        payload: DEMO_BODY,
        nowSeconds: now
      });
      if (!result.ok) throw new Error(result.reason);
      return result;
    }, n)
  });

  const jwt = await signA2aPushJwt({
    privateKey: await importDemoPrivateKey(DEMO_SIGNING_KEY_1),
    kid: DEMO_SIGNING_KEY_1.kid,
    issuer: DEMO_ISSUER,
    audience: DEMO_AUDIENCE,
    taskId: DEMO_TASK_ID,
    jti: DEMO_EVENT_ID,
    body: DEMO_BODY,
    nowSeconds: now
  });
  const jwks = createJwksCache(demoJwks([DEMO_SIGNING_KEY_1]));
  results.push({
    name: "verifyA2aPushJwt, ES256 against a cached JWKS, all claims",
    medianMicroseconds: await medianMicroseconds(async () => {
      const result = await verifyA2aPushJwt({
        authorization: `Bearer ${jwt}`,
        body: DEMO_BODY,
        jwks,
        nowSeconds: now,
        expected: {issuer: DEMO_ISSUER, audience: DEMO_AUDIENCE, taskId: DEMO_TASK_ID}
      });
      if (!result.ok) throw new Error(result.reason);
      return result;
    }, n)
  });

  const publicKey = await deriveStandardWebhookPublicKey(STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY);
  const v1a = await signStandardWebhookV1a({
    secretKey: STANDARD_WEBHOOKS_TEST_ASYMMETRIC_SECRET_KEY,
    msgId: DEMO_EVENT_ID,
    timestamp: now,
    payload: DEMO_BODY
  });
  if (publicKey.ok && v1a.ok) {
    results.push({
      name: "verifyStandardWebhookV1a, Ed25519, one signature",
      medianMicroseconds: await medianMicroseconds(
        () =>
          verifyStandardWebhookV1a({
            publicKey: publicKey.publicKey,
            headers: v1a.signed.headers,
            payload: DEMO_BODY,
            nowSeconds: now
          }),
        n
      )
    });
  }
  return results;
}
