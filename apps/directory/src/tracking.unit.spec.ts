import { CLIENT_TRACKING_LIMITS, INTERACTION_BATCHING, type ListingInteraction } from '@afterwards/contracts';
import { InteractionQueue, TRACKING_LIMITS } from './tracking';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const view = (n: number): ListingInteraction => ({ listingId: id(n), action: 'view' });
const { flushMs, maxBatch, viewWindowMs } = INTERACTION_BATCHING;

describe('listing interaction queue', () => {
  it('uses the spec limits and the batching the server is sized for', () => {
    expect(CLIENT_TRACKING_LIMITS).toEqual({ perListingActionMs: 5_000, overallMs: 1_000, disableAfterFailures: 3 });
    expect(TRACKING_LIMITS).toEqual({ ...CLIENT_TRACKING_LIMITS, flushMs: 2_000, maxBatch: 200, viewWindowMs: 30 * 60_000 });
  });

  it("counts a listing's view once per page visit, however often searches show it again", () => {
    const q = new InteractionQueue();
    expect(q.add(view(1), 0)).toBe(true);
    expect(q.add(view(1), 4_999)).toBe(false);
    expect(q.add(view(1), 5_000)).toBe(false);
    expect(q.add(view(1), viewWindowMs - 1)).toBe(false);
    expect(q.add(view(2), 10)).toBe(true);
    expect(q.add(view(1), viewWindowMs)).toBe(true);
    expect(q.size).toBe(3);
  });

  it('accepts one other action per listing and action every 5 s', () => {
    const q = new InteractionQueue();
    const call = { listingId: id(1), action: 'call' } as const;
    expect(q.add(call, 0)).toBe(true);
    expect(q.add(call, 4_999)).toBe(false);
    expect(q.add({ listingId: id(1), action: 'website' }, 4_999)).toBe(true);
    expect(q.add(view(1), 4_999)).toBe(true);
    expect(q.add(call, 5_000)).toBe(true);
    expect(q.size).toBe(4);
  });

  it(`collects what happens for ${flushMs} ms and sends it as one batch`, () => {
    const q = new InteractionQueue();
    expect(q.nextSendIn(0)).toBeNull();
    q.add(view(1), 100);
    q.add(view(2), 900);
    q.add({ listingId: id(2), action: 'directions' }, 1_500);
    expect(q.nextSendIn(100)).toBe(flushMs);
    expect(q.takeBatch(flushMs)).toBeNull();
    expect(q.takeBatch(100 + flushMs)).toEqual([view(1), view(2), { listingId: id(2), action: 'directions' }]);
    expect(q.nextSendIn(100 + flushMs)).toBeNull();
  });

  it('nine searches in ten seconds go as a few requests, each within the allowance the server has for one batching period', () => {
    const q = new InteractionQueue();
    const sent: Array<{ at: number; size: number }> = [];
    // Every 1.1 s a search shows 100 cards, half of them shown by the search before; the clock ticks by 100 ms.
    for (let at = 0; at <= 20_000; at += 100) {
      const search = at / 1_100;
      if (Number.isInteger(search) && search < 9) for (let card = 0; card < 100; card++) q.add(view(search * 50 + card), at);
      const batch = q.takeBatch(at);
      if (batch) sent.push({ at, size: batch.length });
    }
    // 500 different listings were shown: each counted once.
    expect(sent.reduce((n, b) => n + b.size, 0)).toBe(8 * 50 + 100);
    expect(q.size).toBe(0);
    expect(sent.every((b) => b.size <= maxBatch)).toBe(true);
    expect(sent.slice(1).every((b, n) => b.at - sent[n]!.at >= flushMs)).toBe(true);
  });

  it(`splits more than ${maxBatch} waiting events over requests ${flushMs} ms apart`, () => {
    const q = new InteractionQueue();
    for (let i = 0; i < maxBatch + 50; i++) q.add(view(i), 0);
    expect(q.takeBatch(flushMs)).toHaveLength(maxBatch);
    expect(q.nextSendIn(flushMs)).toBe(flushMs);
    expect(q.takeBatch(2 * flushMs - 1)).toBeNull();
    expect(q.takeBatch(2 * flushMs)).toHaveLength(50);
  });

  it('sends what waits at once when the page is hidden, then starts a new wait', () => {
    const q = new InteractionQueue();
    q.add(view(1), 0);
    q.add(view(2), 10);
    expect(q.takeFinal(20)).toEqual([view(1), view(2)]);
    expect(q.takeFinal(30)).toBeNull();
    // The page came back: batching goes on as before, and a view already sent is not counted again.
    expect(q.add(view(1), 500)).toBe(false);
    q.add(view(3), 500);
    expect(q.nextSendIn(500)).toBe(flushMs);
    expect(q.takeBatch(500 + flushMs)).toEqual([view(3)]);
  });

  it('stops tracking after 3 failed requests', () => {
    const q = new InteractionQueue();
    for (let i = 0; i < 3; i++) {
      const at = i * 10_000;
      q.add(view(i), at);
      expect(q.takeBatch(at + flushMs)).toHaveLength(1);
      q.reportResult(false);
    }
    expect(q.disabled).toBe(true);
    expect(q.add(view(9), 100_000)).toBe(false);
    expect(q.nextSendIn(100_000)).toBeNull();
    expect(q.takeFinal(100_000)).toBeNull();
  });

  it('keeps tracking after successes and fewer than 3 failures', () => {
    const q = new InteractionQueue();
    q.reportResult(false);
    q.reportResult(true);
    q.reportResult(false);
    expect(q.disabled).toBe(false);
    expect(q.add(view(1), 0)).toBe(true);
  });
});
