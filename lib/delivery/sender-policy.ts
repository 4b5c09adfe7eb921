/**
 * What the sender asks before and after each attempt, for the sender a run uses: how long it
 * waits, what counts as delivered, whether and when it tries again, and whether one task's
 * updates go out one at a time. The teaching sender takes its numbers from the lesson's inputs;
 * the presets take theirs from sender-presets.ts.
 */
import type {DeliveryConfig} from "./config.js";
import {isSuccessStatus} from "./receiver.js";
import {isRetryableStatus, retryWaitSeconds} from "./retry.js";
import {seededRandom} from "../random/seeded-random.js";
import {senderPreset, type SenderPreset} from "./sender-presets.js";

export interface SenderPolicy {
  preset: SenderPreset;
  /** Seconds it waits for a response; Infinity: it never stops waiting. */
  timeoutSeconds: number;
  maxAttempts: number;
  /** The sender counts this status as delivered. */
  delivered(httpStatus: number): boolean;
  /** A failed status it will try again (if attempts are left); a failure it will not retry refuses the update. */
  retryable(httpStatus: number): boolean;
  /** The wait after attempt `attemptNumber` failed (1-based). */
  waitAfterFailure(attemptNumber: number): number;
  oneAtATime: boolean;
  /** A held update was checked against a deletion when it was produced, not when it is finally sent. */
  readsConfigsWhenProduced: boolean;
}

export function senderPolicy(config: DeliveryConfig): SenderPolicy {
  const preset = senderPreset(config.sender);
  const random = seededRandom(config.seed);
  const retry = preset.retry;
  const teaching = retry.kind === "doubling";
  return {
    preset,
    timeoutSeconds:
      preset.timeoutSeconds === "slider"
        ? config.senderTimeoutSeconds
        : (preset.timeoutSeconds ?? Number.POSITIVE_INFINITY),
    maxAttempts: maxAttemptsOf(preset, config),
    delivered: preset.success === "2xx" ? isSuccessStatus : (status) => status !== 401 && status !== 403,
    // The teaching sender retries only 503 and refuses 401 and 404 (retry.ts); the platforms retry every failure.
    retryable: teaching ? isRetryableStatus : (status) => !preset.permanentRefusals.includes(status),
    waitAfterFailure(attemptNumber) {
      switch (retry.kind) {
        case "none":
          return Number.POSITIVE_INFINITY;
        case "doubling":
          return retryWaitSeconds(config.initialBackoffSeconds, attemptNumber);
        case "table":
          return retry.waitsSeconds[attemptNumber - 1] ?? Number.POSITIVE_INFINITY;
        case "exponential":
          // exponentialBackoff.go: the jitter is added after the cap.
          return (
            Math.min(retry.capSeconds, retry.intervalSeconds * 2 ** (attemptNumber - 1)) +
            random() * retry.jitterBelowSeconds
          );
      }
    },
    oneAtATime: preset.ordering === "one-at-a-time",
    readsConfigsWhenProduced: preset.readsConfigsWhen === "produced"
  };
}

/** The most attempts a run's sender makes per update (the sliders' budget for the teaching sender). */
export function maxAttemptsOf(preset: SenderPreset, config: Pick<DeliveryConfig, "maxAttemptsPerUpdate">): number {
  switch (preset.retry.kind) {
    case "none":
      return 1;
    case "doubling":
      return config.maxAttemptsPerUpdate;
    case "table":
      return preset.retry.waitsSeconds.length + 1;
    case "exponential":
      return preset.retry.maxAttempts;
  }
}
