// Listing interaction tracking with the client-side limits of the family spec (section 9) and the
// finder's batching: a listing's view counts once per page visit (INTERACTION_BATCHING.viewWindowMs),
// other actions once per listing and action every 5 s; what is queued waits up to flushMs and goes in
// one request of at most maxBatch, so requests are at least flushMs apart and a person browsing
// never reaches the server's per-address allowance, which is sized from the same numbers. Whatever
// waits when the page is hidden goes at once (takeFinal). No more tracking after 3 failed requests.
// Pure: the time comes in as an argument (unit-tested).
import { CLIENT_TRACKING_LIMITS, INTERACTION_BATCHING, type ListingInteraction } from '@afterwards/contracts';

export interface TrackingLimits {
  readonly perListingActionMs: number;
  readonly overallMs: number;
  readonly disableAfterFailures: number;
  readonly flushMs: number;
  readonly maxBatch: number;
  readonly viewWindowMs: number;
}

export const TRACKING_LIMITS: TrackingLimits = { ...CLIENT_TRACKING_LIMITS, ...INTERACTION_BATCHING };

/** How many remembered listing/action pairs trigger a clean-up of the expired ones. */
const PRUNE_AT = 2_000;

export class InteractionQueue {
  private readonly lastByKey = new Map<string, number>();
  private pending: ListingInteraction[] = [];
  /** When the oldest waiting interaction was queued. */
  private waitingSince = Number.POSITIVE_INFINITY;
  private lastSentAt = Number.NEGATIVE_INFINITY;
  private failures = 0;

  constructor(private readonly limits: TrackingLimits = TRACKING_LIMITS) {}

  get disabled(): boolean {
    return this.failures >= this.limits.disableAfterFailures;
  }

  get size(): number {
    return this.pending.length;
  }

  /**
   * Queues an interaction; false when it is refused: a view of a listing already counted in this
   * window, the same other action on the same listing within 5 s, or tracking disabled.
   */
  add(interaction: ListingInteraction, now: number): boolean {
    if (this.disabled) return false;
    const key = `${interaction.listingId}:${interaction.action}`;
    const last = this.lastByKey.get(key);
    if (last !== undefined && now - last < this.windowOf(key)) return false;
    this.lastByKey.set(key, now);
    if (this.lastByKey.size > PRUNE_AT) this.prune(now);
    if (this.pending.length === 0) this.waitingSince = now;
    this.pending.push(interaction);
    return true;
  }

  /** Milliseconds until the next batch may go, or null when there is nothing to send. */
  nextSendIn(now: number): number | null {
    if (this.disabled || this.pending.length === 0) return null;
    const spacing = Math.max(this.limits.flushMs, this.limits.overallMs);
    const at = Math.max(this.waitingSince + this.limits.flushMs, this.lastSentAt + spacing);
    return Math.max(0, at - now);
  }

  /** The next batch when it is due now, else null. */
  takeBatch(now: number): ListingInteraction[] | null {
    if (this.nextSendIn(now) !== 0) return null;
    return this.take(now);
  }

  /**
   * The page is being hidden (or the finder left): one batch of what waits goes now, whatever the
   * time; the server's burst allowance is there for it. Anything beyond one batch is given up.
   */
  takeFinal(now: number): ListingInteraction[] | null {
    if (this.disabled || this.pending.length === 0) return null;
    const batch = this.take(now);
    this.clear();
    return batch;
  }

  /** A failed request is not retried (it may have been recorded); three failures stop tracking. */
  reportResult(ok: boolean) {
    if (ok) return;
    this.failures += 1;
    if (this.disabled) this.clear();
  }

  /** Drops what is waiting (e.g. consent withdrawn). */
  clear() {
    this.pending = [];
    this.waitingSince = Number.POSITIVE_INFINITY;
  }

  private take(now: number): ListingInteraction[] {
    this.lastSentAt = now;
    const batch = this.pending.splice(0, this.limits.maxBatch);
    // What stays behind has waited a full period already: it goes as soon as the spacing allows.
    this.waitingSince = this.pending.length > 0 ? now - this.limits.flushMs : Number.POSITIVE_INFINITY;
    return batch;
  }

  private windowOf(key: string): number {
    return key.endsWith(':view') ? this.limits.viewWindowMs : this.limits.perListingActionMs;
  }

  private prune(now: number) {
    for (const [key, at] of this.lastByKey) if (now - at >= this.windowOf(key)) this.lastByKey.delete(key);
  }
}
