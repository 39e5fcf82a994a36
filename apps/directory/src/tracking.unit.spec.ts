import { CLIENT_TRACKING_LIMITS, type ListingInteraction } from '@afterwards/contracts';
import { InteractionQueue, MAX_BATCH } from './tracking';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const view = (n: number): ListingInteraction => ({ listingId: id(n), action: 'view' });

describe('listing interaction queue', () => {
  it('uses the spec limits', () => {
    expect(CLIENT_TRACKING_LIMITS).toEqual({ perListingActionMs: 5_000, overallMs: 1_000, disableAfterFailures: 3 });
  });

  it('accepts one event per listing and action every 5 s', () => {
    const q = new InteractionQueue();
    expect(q.add(view(1), 0)).toBe(true);
    expect(q.add(view(1), 4_999)).toBe(false);
    expect(q.add({ listingId: id(1), action: 'call' }, 4_999)).toBe(true);
    expect(q.add(view(2), 4_999)).toBe(true);
    expect(q.add(view(1), 5_000)).toBe(true);
    expect(q.size).toBe(4);
  });

  it('sends at most one request per second, batching what waits', () => {
    const q = new InteractionQueue();
    q.add(view(1), 0);
    q.add(view(2), 0);
    expect(q.nextSendIn(0)).toBe(0);
    expect(q.takeBatch(0)).toEqual([view(1), view(2)]);
    expect(q.nextSendIn(10)).toBeNull();
    q.add(view(3), 10);
    q.add({ listingId: id(3), action: 'website' }, 20);
    expect(q.takeBatch(500)).toBeNull();
    expect(q.nextSendIn(500)).toBe(500);
    expect(q.takeBatch(1_000)).toEqual([view(3), { listingId: id(3), action: 'website' }]);
  });

  it(`splits more than ${MAX_BATCH} waiting events over several requests`, () => {
    const q = new InteractionQueue();
    for (let i = 0; i < 150; i++) q.add(view(i), 0);
    expect(q.takeBatch(0)).toHaveLength(MAX_BATCH);
    expect(q.takeBatch(1_000)).toHaveLength(50);
  });

  it('stops tracking after 3 failed requests', () => {
    const q = new InteractionQueue();
    for (let i = 0; i < 3; i++) {
      q.add(view(i), i * 1_000);
      expect(q.takeBatch(i * 1_000)).toHaveLength(1);
      q.reportResult(false);
    }
    expect(q.disabled).toBe(true);
    expect(q.add(view(9), 10_000)).toBe(false);
    expect(q.nextSendIn(10_000)).toBeNull();
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
