import { signedIn, staffSignedIn } from './accounts';
import type { HttpSession } from './http';

/** One API replica as a write load sees it: the family and staff signed in there, and whether it is up. */
export interface WriteTarget {
  readonly name: string;
  readonly family: HttpSession;
  readonly staff: HttpSession;
  up: boolean;
}

export interface WriteMixResult {
  /** Ids the API acknowledged (2xx): each is owed to the log and the read models. */
  readonly memories: string[];
  readonly listings: string[];
  readonly promotions: string[];
  /** Answers other than the expected 201. */
  refused: number;
  /** Latency of each acknowledged write. */
  readonly latenciesMs: number[];
}

export interface WriteMixOptions {
  readonly clients: number;
  readonly durationMs: number;
  /** Today's date as the promotions screen gives it: promotions start today, so their start is timed work. */
  readonly today: string;
  /**
   * A request to `target` could not reach it (no answer, not acknowledged). Return true when that is
   * expected (the target was killed: it is then left out); otherwise the load fails.
   */
  readonly unreachable?: (target: WriteTarget) => boolean;
  /**
   * Go on past `durationMs` until this many memories and this many promotions are acknowledged (for at most
   * four times as long): on a slow machine a test still gets a load worth checking.
   */
  readonly atLeast?: number;
}

/**
 * The write mix of the scale-out test and bench: a family opening memories, and staff adding an Active
 * listing and promoting it, each request through the next replica that is up.
 */
export async function runWriteMix(targets: WriteTarget[], options: WriteMixOptions): Promise<WriteMixResult> {
  const result: WriteMixResult = { memories: [], listings: [], promotions: [], refused: 0, latenciesMs: [] };
  let turn = 0;
  const next = () => {
    const up = targets.filter((t) => t.up);
    if (up.length === 0) throw new Error('no replica is up');
    return up[turn++ % up.length]!;
  };
  const until = Date.now() + options.durationMs;
  const cap = Date.now() + 4 * options.durationMs;
  const wanted = options.atLeast ?? 0;
  const goOn = () => Date.now() < until || (Date.now() < cap && (result.memories.length < wanted || result.promotions.length < wanted));
  const timed = async <T>(request: () => Promise<{ status: number; body: T }>) => {
    const started = performance.now();
    const res = await request();
    if (res.status === 201) result.latenciesMs.push(performance.now() - started);
    else result.refused++;
    return res.status === 201 ? res.body : undefined;
  };
  const client = async (n: number) => {
    for (let i = 0; goOn(); i++) {
      const target = next();
      try {
        if ((n + i) % 2 === 0) {
          const created = await timed(() =>
            target.family.json<{ memory: { id: string } }>('/api/memories', {
              method: 'POST',
              json: { name: `Load ${n}.${i}`, deceasedName: `Person ${n}.${i}`, jurisdiction: 'England' },
            }),
          );
          if (created) result.memories.push(created.memory.id);
        } else {
          const listing = await timed(() =>
            target.staff.json<{ id: string }>('/api/admin/listings', {
              method: 'POST',
              json: { name: `Scale Funerals ${n}.${i}`, category: 'Funeral Directors', location: 'Leeds', status: 'Active' },
            }),
          );
          if (!listing) continue;
          result.listings.push(listing.id);
          const promotion = await timed(() =>
            target.staff.json<{ id: string }>('/api/admin/promotions', {
              method: 'POST',
              json: { listingId: listing.id, plan: '1-month', startDate: options.today, position: 1 + (i % 5) },
            }),
          );
          if (promotion) result.promotions.push(promotion.id);
        }
      } catch (error) {
        if (!options.unreachable?.(target)) throw new Error(`a request to ${target.name} failed while it was up`, { cause: error });
        target.up = false;
      }
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, n) => client(n)));
  return result;
}

/** A replica at `url` with the family and staff member signed in there. */
export async function writeTarget(
  name: string,
  url: string,
  family: { email: string; password: string },
  staff: { email: string; password: string },
): Promise<WriteTarget> {
  return { name, family: await signedIn({ url }, family.email, family.password), staff: await staffSignedIn({ url }, staff), up: true };
}
