/**
 * Constant-time comparison of secrets and MACs. The Standard Webhooks spec
 * ("Verifying signatures") requires a constant-time comparison so a receiver
 * does not become a signing oracle through timing.
 *
 * The loop always visits every byte of the longer input and never exits early;
 * only the lengths (public anyway: a v1 signature is always 32 bytes) influence
 * the running time. A JavaScript engine gives no hard guarantee about timing;
 * this is the same technique the reference libraries use.
 */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  let diff = a.length ^ b.length;
  const n = Math.max(a.length, b.length);
  for (let i = 0; i < n; i++) diff |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return diff === 0;
}
