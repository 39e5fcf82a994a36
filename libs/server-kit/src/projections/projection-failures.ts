import type { PrismaClient } from '@afterwards/persistence';
import type { EventStore, RecordedEvent } from '@afterwards/event-store';
import type { Projection, ProjectionTx } from './projection';

/**
 * SQLSTATE classes and codes of failures that pass: the connection dropped or the server is restarting
 * (08, 57P01-57P03), a serialisation failure or deadlock (40001, 40P01), too many connections (53300),
 * a lock not available (55P03). Retrying the same batch later is the answer to these.
 */
const TRANSIENT_SQLSTATES = /^(08...|40001|40P01|57P0[123]|53300|55P03)$/;
/** Node socket errors and Prisma's own codes for an unreachable database, a pool or transaction timeout and a write conflict. */
const TRANSIENT_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'P1001', 'P1002', 'P1008', 'P1017', 'P2024', 'P2028', 'P2034']);
const TRANSIENT_MESSAGES = /Connection terminated|connection (?:is )?closed|Transaction already closed|terminating connection/i;

/**
 * Whether a projection's failure is a passing database failure (retry the batch) rather than one the
 * event itself causes (park it). Looks through the error, its causes and Prisma's driver-adapter wrapping.
 */
export function isTransientFailure(error: unknown): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length) {
    const e = queue.shift();
    if (!e || typeof e !== 'object' || seen.has(e)) continue;
    seen.add(e);
    const o = e as Record<string, unknown>;
    for (const key of ['code', 'originalCode', 'sqlState']) {
      const code = o[key];
      if (typeof code === 'string' && (TRANSIENT_CODES.has(code) || TRANSIENT_SQLSTATES.test(code))) return true;
    }
    if (typeof o.message === 'string' && TRANSIENT_MESSAGES.test(o.message)) return true;
    queue.push(o.cause, o.meta, (o.meta as Record<string, unknown> | undefined)?.driverAdapterError);
  }
  return false;
}

/** Exponential backoff for retrying a batch: 100 ms doubling to 30 s. */
export function retryDelayMs(attempt: number, firstMs = 100, maxMs = 30_000): number {
  return Math.min(maxMs, firstMs * 2 ** Math.max(0, attempt - 1));
}

const describe = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error)).slice(0, 2_000);

/** Sets `event` aside for `projection` with its error (once; a second parking counts an attempt). */
export async function parkEvent(tx: ProjectionTx | PrismaClient, projection: string, event: RecordedEvent, error: unknown): Promise<void> {
  await tx.$executeRaw`
    INSERT INTO projection_parked_events (projection, "commit", prepare, stream_id, revision, type, error)
    VALUES (${projection}, ${event.position.commit}, ${event.position.prepare}, ${event.streamId}, ${event.revision}, ${event.type}, ${describe(error)})
    ON CONFLICT (projection, "commit", prepare)
    DO UPDATE SET error = EXCLUDED.error, attempts = projection_parked_events.attempts + 1, last_tried_at = now()`;
}

export interface ParkedEvent {
  readonly projection: string;
  readonly position: string;
  readonly streamId: string;
  readonly revision: number;
  readonly type: string;
  readonly error: string;
  readonly attempts: number;
  readonly parkedAt: string;
  readonly lastTriedAt: string;
}

/** Parked events, oldest first (optionally of one projection). */
export async function listParkedEvents(prisma: PrismaClient, projection?: string, limit = 100): Promise<ParkedEvent[]> {
  const rows = await prisma.$queryRaw<
    { projection: string; commit: bigint; prepare: bigint; stream_id: string; revision: bigint; type: string; error: string; attempts: number; parked_at: Date; last_tried_at: Date }[]
  >`SELECT projection, "commit", prepare, stream_id, revision, type, error, attempts, parked_at, last_tried_at
    FROM projection_parked_events
    WHERE ${projection ?? null}::text IS NULL OR projection = ${projection ?? null}
    ORDER BY "commit", prepare, projection LIMIT ${limit}`;
  return rows.map((r) => ({
    projection: r.projection,
    position: `${r.commit}/${r.prepare}`,
    streamId: r.stream_id,
    revision: Number(r.revision),
    type: r.type,
    error: r.error,
    attempts: Number(r.attempts),
    parkedAt: new Date(r.parked_at).toISOString(),
    lastTriedAt: new Date(r.last_tried_at).toISOString(),
  }));
}

export async function countParkedEvents(prisma: PrismaClient): Promise<number> {
  const rows = await prisma.$queryRaw<{ n: bigint }[]>`SELECT count(*) AS n FROM projection_parked_events`;
  return Number(rows[0]?.n ?? 0);
}

export interface RetryParkedReport {
  readonly projection: string;
  readonly position: string;
  readonly type: string;
  readonly applied: boolean;
  readonly error?: string;
}

/**
 * Applies parked events again, oldest first, each in its own transaction with its projection (after the
 * fault that parked them is fixed): applied ones leave the list, others stay with their new error. The
 * checkpoint already moved past them, so later events were applied first; projections upsert by key,
 * and where order matters `tools rebuild` replays everything instead.
 */
export async function retryParkedEvents(
  store: EventStore,
  prisma: PrismaClient,
  projections: readonly Projection[],
  only?: string,
): Promise<RetryParkedReport[]> {
  const reports: RetryParkedReport[] = [];
  for (const parked of await listParkedEvents(prisma, only, 10_000)) {
    const projection = projections.find((p) => p.name === parked.projection);
    const [commit, prepare] = parked.position.split('/').map(BigInt) as [bigint, bigint];
    const forget = () => prisma.$executeRaw`DELETE FROM projection_parked_events WHERE projection = ${parked.projection} AND "commit" = ${commit} AND prepare = ${prepare}`;
    const [event] = await store.readStream(parked.streamId, { fromRevision: BigInt(parked.revision), maxCount: 1 });
    if (!projection || !event || event.position.commit !== commit || event.position.prepare !== prepare) {
      // The projection was removed or the stream erased since: nothing is left to apply.
      await forget();
      reports.push({ projection: parked.projection, position: parked.position, type: parked.type, applied: false, error: 'no longer exists; removed from the list' });
      continue;
    }
    try {
      const run = async (tx: ProjectionTx) => {
        await projection.apply(event, tx);
        if (projection.afterBatch) await projection.afterBatch(tx);
      };
      if (projection.transactional === false) await run(prisma as unknown as ProjectionTx);
      else await prisma.$transaction(run, { timeout: 30_000 });
      await forget();
      reports.push({ projection: parked.projection, position: parked.position, type: parked.type, applied: true });
    } catch (error) {
      await parkEvent(prisma, projection.name, event, error);
      reports.push({ projection: parked.projection, position: parked.position, type: parked.type, applied: false, error: describe(error) });
    }
  }
  return reports;
}
