// A projection's checkpoint: where its live model is in the log, saved with each batch and told to the
// replicas that wait for a write to be projected.
import { Prisma, type PrismaClient, type SqlClient } from '@afterwards/persistence';
import { START, comparePositions, type Position } from '@afterwards/event-store';
import type { ProjectionTx } from './projection';
import { leaseRead, type Fence } from './leadership';

/** Where a projection's live model is in the log (START before its first batch). */
export async function readCheckpoint(prisma: PrismaClient, name: string): Promise<Position> {
  const row = await prisma.projectionCheckpoint.findUnique({ where: { projection: name } });
  return row ? { commit: row.commit, prepare: row.prepare } : START;
}

/** Told on commit of every checkpoint move: replicas that do not lead wait on it instead of polling. */
export const CHECKPOINT_CHANNEL = 'afterwards_checkpoints';

export async function saveCheckpoint(tx: ProjectionTx, name: string, position: Position): Promise<void> {
  await tx.$executeRaw`WITH ${checkpointUpsert(name, position)} SELECT count(*) FROM notified`;
}

/** Saves a checkpoint and tells of it (PostgreSQL delivers the notification only if the transaction commits): CTEs ending in `notified`. */
const checkpointUpsert = (name: string, position: Position): Prisma.Sql => Prisma.sql`
  saved AS (
    INSERT INTO projection_checkpoints (projection, "commit", prepare, updated_at) VALUES (${name}, ${position.commit}, ${position.prepare}, now())
    ON CONFLICT (projection) DO UPDATE SET "commit" = EXCLUDED."commit", prepare = EXCLUDED.prepare, updated_at = EXCLUDED.updated_at
    RETURNING projection),
  notified AS (SELECT pg_notify(${CHECKPOINT_CHANNEL}, ${`${name} ${position.commit} ${position.prepare}`}) FROM saved)`;

/**
 * The first statement of a transactional batch, one round trip for what every batch needs before its events:
 * - the fence (the lease's token, share-locked), checked before anything is kept;
 * - the checkpoint, moved already to the batch's last event: it commits with the rows or not at all, so where in
 *   the transaction it is written changes nothing, and written here it costs no round trip of its own;
 * - the transaction id, for the log's readers to read past;
 * - no wait for the WAL flush at commit: rows and checkpoint are derived from the log and are lost or kept
 *   together, so a crash can only move the checkpoint back, and the batch is applied again.
 */
export async function openBatch(tx: ProjectionTx, name: string, position: Position, fence: Fence | undefined): Promise<bigint> {
  const [opened] = await tx.$queryRaw<{ xid: string; token: string | null }[]>`
    WITH lease AS (${fence ? leaseRead() : Prisma.sql`SELECT NULL::text AS token`}),
    ${checkpointUpsert(name, position)}
    SELECT pg_current_xact_id()::text AS xid, set_config('synchronous_commit', 'off', true) AS synchronous_commit,
      (SELECT token FROM lease) AS token, (SELECT count(*) FROM notified) AS notified`;
  fence?.verify(opened?.token ?? undefined);
  return BigInt(opened!.xid);
}

/**
 * What a replica that does not lead has heard of checkpoints (the leader notifies on each move), so a
 * request waiting for its write to be projected wakes when it is, without polling the database.
 */
export class CheckpointWatch {
  private readonly latest = new Map<string, Position>();
  /** Told `true` when a checkpoint moved, `false` when news may have been missed (read the database). */
  private readonly waiters = new Set<(told: boolean) => void>();
  private listening: Promise<boolean> | undefined;

  constructor(private readonly sql: SqlClient) {}

  private listen(): Promise<boolean> {
    this.listening ??= this.sql.listen(
      CHECKPOINT_CHANNEL,
      (payload) => {
        const [name, commit, prepare] = payload.split(' ');
        if (!name || commit === undefined || prepare === undefined) return;
        const position = { commit: BigInt(commit), prepare: BigInt(prepare) };
        const known = this.latest.get(name);
        if (!known || comparePositions(position, known) > 0) this.latest.set(name, position);
        for (const wake of [...this.waiters]) wake(true);
      },
      // News may have been missed: every waiter reads the committed checkpoint again.
      () => {
        for (const wake of [...this.waiters]) wake(false);
      },
    ).then(
      () => true,
      () => false,
    );
    return this.listening;
  }

  known(name: string): Position | undefined {
    return this.latest.get(name);
  }

  /** Resolves true when a checkpoint moved, false after `ms` without news (or when it cannot listen). */
  async moved(ms: number): Promise<boolean> {
    if (!(await this.listen())) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(ms, 20)));
      return false;
    }
    return new Promise((resolve) => {
      const wake = (told: boolean) => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve(told);
      };
      const timer = setTimeout(() => wake(false), ms);
      this.waiters.add(wake);
    });
  }
}

/**
 * Resolves once projection `name` has applied the event at `position`: read-your-writes for a request that
 * just appended. While the runner is in this process it watches the runner; where another replica leads
 * (or leadership moves during the wait) it watches the committed checkpoint.
 */
export async function waitForProjection(
  currentRunner: () => { status(): Record<string, Position> } | undefined,
  prisma: PrismaClient,
  name: string,
  position: Position,
  timeoutMs: number,
  watch?: CheckpointWatch,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let readDatabase = true;
  for (;;) {
    const runner = currentRunner();
    let at: Position | undefined;
    if (runner) at = runner.status()[name];
    else {
      const heard = watch?.known(name);
      if (heard && comparePositions(heard, position) >= 0) return;
      // The committed checkpoint: at first, and whenever a while has passed without news.
      if (readDatabase || !watch) at = await readCheckpoint(prisma, name);
    }
    if (comparePositions(at ?? START, position) >= 0) return;
    if (Date.now() > deadline) throw new Error(`Projection ${name} did not catch up in ${timeoutMs} ms`);
    if (runner) await new Promise((resolve) => setTimeout(resolve, 2));
    else if (watch) readDatabase = !(await watch.moved(250));
    else await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

