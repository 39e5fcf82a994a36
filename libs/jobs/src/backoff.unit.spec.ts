import { backoffDelay } from './backoff';

describe('backoffDelay', () => {
  it('is zero without a backoff', () => {
    expect(backoffDelay(undefined, 1)).toBe(0);
  });

  it('treats a number as a fixed delay', () => {
    expect([1, 2, 5].map((attempt) => backoffDelay(250, attempt))).toEqual([250, 250, 250]);
    expect(backoffDelay({ type: 'fixed', delayMs: 40 }, 3)).toBe(40);
  });

  it('doubles an exponential delay per failed attempt, like BullMQ', () => {
    expect([1, 2, 3, 4].map((attempt) => backoffDelay({ type: 'exponential', delayMs: 100 }, attempt))).toEqual([100, 200, 400, 800]);
  });
});
