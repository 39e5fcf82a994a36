// Listing interaction tracking with the client-side limits of the family spec (section 9): one event
// per listing and action every 5 s, one request per second overall (views are batched into it), and
// no more tracking after 3 failed requests. Pure: the time comes in as an argument (unit-tested).
import { CLIENT_TRACKING_LIMITS, type ListingInteraction } from '@afterwards/contracts';

export const MAX_BATCH = 100;

export class InteractionQueue {
  private readonly lastByKey = new Map<string, number>();
  private pending: ListingInteraction[] = [];
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private failures = 0;

  constructor(private readonly limits: typeof CLIENT_TRACKING_LIMITS = CLIENT_TRACKING_LIMITS) {}

  get disabled(): boolean {
    return this.failures >= this.limits.disableAfterFailures;
  }

  get size(): number {
    return this.pending.length;
  }

  /** Queues an interaction; false when it is refused (same listing and action within 5 s, or disabled). */
  add(interaction: ListingInteraction, now: number): boolean {
    if (this.disabled) return false;
    const key = `${interaction.listingId}:${interaction.action}`;
    const last = this.lastByKey.get(key);
    if (last !== undefined && now - last < this.limits.perListingActionMs) return false;
    this.lastByKey.set(key, now);
    if (this.lastByKey.size > 2_000) this.prune(now);
    this.pending.push(interaction);
    return true;
  }

  /** Milliseconds until the next request may go, or null when there is nothing to send. */
  nextSendIn(now: number): number | null {
    if (this.disabled || this.pending.length === 0) return null;
    return Math.max(0, this.lastSentAt + this.limits.overallMs - now);
  }

  /** The next batch when a request may go now, else null. */
  takeBatch(now: number): ListingInteraction[] | null {
    if (this.nextSendIn(now) !== 0) return null;
    this.lastSentAt = now;
    return this.pending.splice(0, MAX_BATCH);
  }

  /** A failed request is not retried (it may have been recorded); three failures stop tracking. */
  reportResult(ok: boolean) {
    if (ok) return;
    this.failures += 1;
    if (this.disabled) this.pending = [];
  }

  /** Drops what is waiting (e.g. consent withdrawn). */
  clear() {
    this.pending = [];
  }

  private prune(now: number) {
    for (const [key, at] of this.lastByKey) if (now - at >= this.limits.perListingActionMs) this.lastByKey.delete(key);
  }
}
