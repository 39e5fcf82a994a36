import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Prisma, type SqlClient, type SqlSession } from '@afterwards/persistence';
import type { AppConfig } from '../config/config';
import { APP_CONFIG, SQL_CLIENT } from '../tokens';
import type { ProjectionTx } from './projection';

/** The lease row and the advisory lock name one role: running the projections and reactors. */
export const PROJECTION_LEASE = 'projections';
/** Key of the session advisory lock (any constant; advisory locks are per database). */
const LOCK_KEY = 4_151_776_345;

/** A follower asks for the lock this often: a killed leader's lock is free at once, so this is the takeover time. */
const FOLLOWER_POLL_MS = 500;
/** The leader pings its session this often; PostgreSQL ends a session silent for `SESSION_IDLE_LIMIT`. */
const LEADER_PING_MS = 1_000;
/**
 * A leader that stops answering (paused, cut off) loses its session, and so the lock, after this long.
 * The fence, not this limit, keeps its late writes out. 5 s was too short: on a loaded 2-core machine an
 * API lost and took back its own lead (a second term) with no other replica about; a killed leader is
 * still replaced at once (its socket closes), only a paused one waits this long.
 */
const SESSION_IDLE_LIMIT = '15s';
/** A projection batch's transaction idle this long (its process paused) is ended by PostgreSQL. */
const BATCH_IDLE_LIMIT = '10s';

/** A write of a projection batch found that another replica leads now: nothing of the batch is kept. */
export class LeaseLostError extends Error {
  readonly code = 'PROJECTION_LEASE_LOST';
  constructor(expected: string, found: string | undefined) {
    super(`The projection lease moved on (this replica held token ${expected}, the lease is at ${found ?? 'none'}): another replica leads`);
    this.name = 'LeaseLostError';
  }
}

/**
 * The leader's fencing token. `check` runs first in every projection batch's transaction: it share-locks the
 * lease row, so a new leader's token raise waits for this batch to commit, and a batch that starts after the
 * raise finds the newer token and is rolled back.
 */
export interface Fence {
  readonly token: string;
  check(tx: ProjectionTx): Promise<void>;
  /** Throws `LeaseLostError` unless `found`, the token `leaseRead` gave, is this fence's. */
  verify(found: string | undefined): void;
}

/**
 * The lease's token, share-locked (one row, `token`): what `check` reads, for a statement that does more in the
 * same round trip (a projection batch's opening statement). A batch left open by a paused process would hold
 * the share lock, and so the next leader's raise, for ever: PostgreSQL ends a batch's transaction that sits idle
 * this long.
 */
export const leaseRead = (): Prisma.Sql => Prisma.sql`
  SELECT token::text AS token, set_config('idle_in_transaction_session_timeout', ${BATCH_IDLE_LIMIT}, true) AS idle_limit
  FROM projection_leases WHERE name = ${PROJECTION_LEASE} FOR SHARE`;

export function fenceOf(token: string): Fence {
  const verify = (found: string | undefined) => {
    if (found !== token) throw new LeaseLostError(token, found);
  };
  return {
    token,
    verify,
    async check(tx) {
      const rows = await tx.$queryRaw<{ token: string }[]>(leaseRead());
      verify(rows[0]?.token);
    },
  };
}

/** Work that runs only in the replica holding the lease: projections, reactors, start-up fixes of read models. */
export interface LeaderWork {
  readonly name: string;
  /** Lower starts first and stops last. */
  readonly order: number;
  start(fence: Fence): Promise<void>;
  stop(): Promise<void>;
}

export interface LeadershipStatus {
  readonly leading: boolean;
  readonly holder: string;
  readonly token: string | undefined;
  readonly since: Date | undefined;
  /** Every time this replica became leader, for tests and metrics. */
  readonly terms: number;
}

/**
 * Any API replica may run the projections, one at a time (decision 0022). Holding a session advisory lock
 * on a dedicated connection is leading: PostgreSQL frees it when that connection ends, so a killed leader
 * is replaced within a follower's poll. Each new leader raises the fencing token before it starts, and
 * every batch checks it, so a paused old leader that wakes up cannot write over its successor.
 */
@Injectable()
export class ProjectionLeadership implements OnApplicationBootstrap {
  private readonly logger = new Logger('leadership');
  private readonly work: LeaderWork[] = [];
  private readonly holder = `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  private session: SqlSession | undefined;
  private fence: Fence | undefined;
  private since: Date | undefined;
  private terms = 0;
  private stopping = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;
  /** One change of leadership at a time: taking, losing and stepping down never interleave. */
  private transition: Promise<void> = Promise.resolve();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  /** Called by the services that own leader work, from their constructors (before any start). */
  register(work: LeaderWork): void {
    this.work.push(work);
    this.work.sort((a, b) => a.order - b.order);
  }

  status(): LeadershipStatus {
    return { leading: this.since !== undefined, holder: this.holder, token: this.since ? this.fence?.token : undefined, since: this.since, terms: this.terms };
  }

  async onApplicationBootstrap(): Promise<void> {
    // RUN_PROJECTIONS=false: this process never leads (the worker; an API kept for requests only).
    if (!this.config.runProjections || this.work.length === 0) return;
    // The first try is awaited, so a lone replica (and the embedded profile) serves only once its projections run.
    await this.tryToLead();
    this.loop = this.campaign();
  }

  private async campaign(): Promise<void> {
    while (!this.stopping) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, this.fence ? LEADER_PING_MS : FOLLOWER_POLL_MS);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      if (this.stopping) break;
      if (this.fence) await this.ping();
      else await this.tryToLead();
    }
  }

  private async tryToLead(): Promise<void> {
    await this.serially(async () => {
      if (this.stopping || this.fence) return;
      let session: SqlSession | undefined;
      try {
        session = await this.sql.openSession('afterwards-leader');
        if (this.sql.dialect === 'postgres') await session.exec(`SET idle_session_timeout = '${SESSION_IDLE_LIMIT}'`);
        const { rows } = await session.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [LOCK_KEY]);
        if (!rows[0]?.locked) {
          await session.close();
          return;
        }
        // Waits for the old leader's batches still holding the row (share locks) to commit or roll back.
        const raised = await this.sql.query<{ token: string }>(
          `INSERT INTO projection_leases (name, token, holder, since) VALUES ($1, 1, $2, now())
           ON CONFLICT (name) DO UPDATE SET token = projection_leases.token + 1, holder = EXCLUDED.holder, since = now()
           RETURNING token::text AS token`,
          [PROJECTION_LEASE, this.holder],
        );
        this.session = session;
        this.fence = fenceOf(raised.rows[0]!.token);
        const fence = this.fence;
        void session.ended.then((reason) => {
          if (this.session === session) void this.stepDown('the leader session ended', reason);
        });
        for (const work of this.work) await work.start(fence);
        // Leading from here: readiness and metrics say so once the projections run, not when the lock is taken.
        this.since = new Date();
        this.terms++;
        this.logger.log({ holder: this.holder, token: fence.token, work: this.work.map((w) => w.name) }, 'leading: projections and reactors run here');
      } catch (error) {
        this.logger.error({ err: error }, 'could not take the projection lease; trying again');
        await this.releaseLocked(session);
      }
    });
  }

  private async ping(): Promise<void> {
    const session = this.session;
    if (!session) return;
    try {
      await session.query('SELECT 1');
    } catch (error) {
      await this.stepDown('the leader session stopped answering', error);
    }
  }

  /**
   * Called when a batch found a newer token, or the session ended: stop all leader work and let the
   * campaign try again (this replica may well lead again, with a new token).
   */
  async stepDown(reason: string, error?: unknown): Promise<void> {
    await this.serially(async () => {
      if (!this.fence) return;
      this.logger.warn({ err: error, reason, token: this.fence.token }, 'no longer leading');
      await this.releaseLocked(this.session);
    });
  }

  /** Stops leader work (last started first), then frees the lock: the next leader starts where this one stopped. */
  private async releaseLocked(session: SqlSession | undefined): Promise<void> {
    const wasLeading = this.fence !== undefined;
    this.fence = undefined;
    this.since = undefined;
    if (wasLeading) {
      for (const work of [...this.work].reverse()) {
        await work.stop().catch((error: unknown) => this.logger.error({ err: error, work: work.name }, 'leader work did not stop cleanly'));
      }
    }
    this.session = undefined;
    if (session) {
      await session.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]).catch(() => undefined);
      await session.close();
    }
  }

  private serially(step: () => Promise<void>): Promise<void> {
    const next = this.transition.then(step, step);
    this.transition = next.catch(() => undefined);
    return next;
  }

  /** Graceful shutdown, after the HTTP server has finished its requests: stop leading and free the lock at once. */
  async shutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.loop;
    await this.serially(() => this.releaseLocked(this.session));
  }
}
