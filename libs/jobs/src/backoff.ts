import type { Backoff } from './port';

/** Ms to wait after `failedAttempt` (1-based) failed. Same formula as BullMQ's built-in strategies. */
export function backoffDelay(backoff: Backoff | undefined, failedAttempt: number): number {
  if (backoff === undefined) return 0;
  if (typeof backoff === 'number') return backoff;
  if (backoff.type === 'fixed') return backoff.delayMs;
  return Math.round(2 ** (failedAttempt - 1) * backoff.delayMs);
}
