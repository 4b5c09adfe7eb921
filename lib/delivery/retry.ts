/**
 * The sender's retry policy. 503 and timeouts are retryable; a received 401 or
 * 404 is a permanent refusal. Attempt k+1 starts initialBackoff x 2^(k-1)
 * after attempt k's failure was observed (no jitter), while k < maxAttempts.
 */
export function isRetryableStatus(httpStatus: number): boolean {
  return httpStatus === 503;
}

export function isPermanentRefusal(httpStatus: number): boolean {
  return httpStatus === 401 || httpStatus === 404;
}

/** Wait after the failure of attempt `attemptNumber` (1-based) before the next attempt. */
export function retryWaitSeconds(initialBackoffSeconds: number, attemptNumber: number): number {
  return initialBackoffSeconds * 2 ** (attemptNumber - 1);
}
