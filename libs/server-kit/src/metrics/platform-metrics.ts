import { Logger } from '@nestjs/common';
import type { PrismaClient } from '@afterwards/persistence';
import type { JobCounts, JobDefinition, JobQueue } from '@afterwards/jobs';
import type { ProjectionsService } from '../projections/projections.service';
import type { ProjectionLeadership } from '../projections/leadership';
import type { RealtimeGateway } from '../realtime/realtime.gateway';
import { perScrape, type Metrics } from './metrics';
import { promiseHooksOn } from '../context/release-when-idle';

/** What the platform's own metrics are read from, each at the moment of a scrape. */
export interface PlatformMetricSources {
  readonly prisma: PrismaClient;
  readonly projections: ProjectionsService;
  readonly leadership: ProjectionLeadership;
  /** The projections' names: a checkpoint series for each, 0 until it commits its first batch. */
  readonly projectionNames: readonly string[];
  readonly queue: JobQueue;
  readonly jobs: readonly JobDefinition<unknown>[];
  readonly realtime: RealtimeGateway;
}

const NAMES = { checkpoints: 'afterwards_projection_checkpoint_position', jobs: 'afterwards_jobs', attempts: 'afterwards_job_attempts_failed_total' } as const;
const JOB_STATES = ['waiting', 'active', 'delayed', 'failed'] as const satisfies readonly (keyof JobCounts)[];

/**
 * Projections, jobs and sockets, read when Prometheus scrapes (nothing runs between scrapes). A source
 * that fails (the database restarting) leaves its metrics out of that scrape instead of failing all of it.
 */
export function registerPlatformMetrics(metrics: Metrics, sources: PlatformMetricSources): void {
  const logger = new Logger('metrics');
  const guarded = async (name: string, clear: () => void, collect: () => Promise<void> | void) => {
    try {
      await collect();
    } catch (error) {
      clear();
      logger.debug({ err: error, metric: name }, 'a metric could not be read; left out of this scrape');
    }
  };

  metrics.gauge({
    name: NAMES.checkpoints,
    help: "Commit part of the log position each projection has applied up to (PostgreSQL: the append's transaction id; KurrentDB: the commit position)",
    labelNames: ['projection'] as const,
    collect() {
      return guarded(NAMES.checkpoints, () => this.reset(), async () => {
        const rows = await sources.prisma.projectionCheckpoint.findMany({ where: { projection: { in: [...sources.projectionNames] } }, select: { projection: true, commit: true } });
        const commits = new Map(rows.map((row) => [row.projection, Number(row.commit)]));
        for (const projection of sources.projectionNames) this.set({ projection }, commits.get(projection) ?? 0);
      });
    },
  });

  metrics.gauge({
    name: 'afterwards_projection_leader',
    help: '1 while this replica holds the projection lease and runs the projections and reactors, else 0 (sum over replicas: 1)',
    collect() {
      this.set(sources.leadership.status().leading ? 1 : 0);
    },
  });

  metrics.gauge({
    name: 'afterwards_projection_lease_token',
    help: "The fencing token of this replica's current term as leader (0 while it follows): each takeover raises it",
    collect() {
      this.set(Number(sources.leadership.status().token ?? 0));
    },
  });

  metrics.counter({
    name: 'afterwards_projection_leader_terms_total',
    help: 'How many times this replica has become the projection leader since it started',
    collect() {
      this.reset();
      this.inc(sources.leadership.status().terms);
    },
  });

  metrics.gauge({
    name: 'afterwards_projection_lag_seconds',
    help: 'Age of the oldest event a projection was handed and has not committed (0: caught up); only where this process runs the projections',
    labelNames: ['projection'] as const,
    collect() {
      this.reset();
      for (const [projection, seconds] of Object.entries(sources.projections.lagSeconds() ?? {})) this.set({ projection }, seconds);
    },
  });

  const readCounts = perScrape(() => sources.queue.counts(sources.jobs));
  metrics.gauge({
    name: NAMES.jobs,
    help: 'Jobs per queue (job name) and state: waiting, active, delayed, failed (for good). BullMQ: the whole cluster, read from Redis; in-process: this process since it started',
    labelNames: ['queue', 'state'] as const,
    collect() {
      return guarded(NAMES.jobs, () => this.reset(), async () => {
        for (const [queue, counts] of Object.entries(await readCounts())) for (const state of JOB_STATES) this.set({ queue, state }, counts[state]);
      });
    },
  });

  metrics.counter({
    name: NAMES.attempts,
    help: 'Job attempts that threw, retried or not, per queue (job name). BullMQ: every worker, kept in Redis; in-process: this process since it started',
    labelNames: ['queue'] as const,
    collect() {
      return guarded(NAMES.attempts, () => this.reset(), async () => {
        const counts = await readCounts();
        // The count lives in the queue's store; the counter mirrors it at each scrape.
        this.reset();
        for (const [queue, { failedAttempts }] of Object.entries(counts)) this.inc({ queue }, failedAttempts);
      });
    },
  });

  metrics.gauge({
    name: 'afterwards_socket_connections',
    help: 'socket.io clients connected to this replica',
    collect() {
      this.set(sources.realtime.connectedClients());
    },
  });

  metrics.gauge({
    name: 'afterwards_promise_hooks_on',
    help: "1 while a promise hook is on in this process (an AsyncLocalStorage left enabled), which every request's promises pay for; 0 between runs of the product's own and better-auth's stores",
    async collect() {
      this.set((await promiseHooksOn()) ? 1 : 0);
    },
  });
}
