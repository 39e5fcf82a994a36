import { Global, Inject, Logger as NestLogger, Module, type DynamicModule, type INestApplicationContext, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, ModuleRef } from '@nestjs/core';
import { SafeTextGuard } from './input/safe-text';
import { OwnOriginGuard } from './input/own-origin';
import { BodyTypeCheck } from './input/body-type';
import { RequestChecks } from './input/request-checks';
import { CqrsModule } from '@nestjs/cqrs';
import type { Logger } from 'pino';
import type { Migration, PrismaClient } from '@afterwards/persistence';
import type { AppConfig } from './config/config';
import { openPlatform, type Platform } from './database/open-platform';
import { HealthController } from './health/health.controller';
import { ApiDocsController } from './docs/api-docs.http.controller';
import type { Projection } from './projections/projection';
import { PROJECTIONS, ProjectionsService } from './projections/projections.service';
import { ProjectionLeadership } from './projections/leadership';
import { ShutdownState } from './lifecycle/graceful-shutdown';
import { RealtimeGateway } from './realtime/realtime.gateway';
import { APP_CONFIG, EVENT_STORE, JOB_QUEUE, PRISMA, ROOT_LOGGER, SQL_CLIENT } from './tokens';
import type { JobDefinition, JobQueue } from '@afterwards/jobs';
import { createJobQueue, runsJobs, type JobProcessor, type JobServices } from './jobs/jobs';
import { Metrics } from './metrics/metrics';
import { MetricsController } from './metrics/metrics.http.controller';
import { registerPlatformMetrics } from './metrics/platform-metrics';

const PLATFORM = Symbol('PLATFORM');

export interface PlatformOptions {
  readonly config: AppConfig;
  readonly logger: Logger;
  readonly migrations: readonly Migration[];
  readonly projections: readonly Projection[];
  /** Job processors of every context. */
  readonly jobs?: readonly JobProcessor[];
  /** Which process this is: decides whether it serves HTTP and runs job handlers. */
  readonly role: 'api' | 'worker' | 'tools';
}

const JOB_PROCESSORS = Symbol('JOB_PROCESSORS');
const ROLE = Symbol('ROLE');

/**
 * Starts the job handlers once the whole application is up (`startJobs`, called by the API's and the
 * worker's main after `app.init()`), not in a bootstrap hook: this module and CQRS's are both global, and
 * Nest ran this one's hook first, so a job already waiting in the queue (one resumed after a crash) ran
 * before any command handler was registered and failed with CommandHandlerNotFoundException.
 */
export class JobsLifecycle {
  constructor(
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(JOB_PROCESSORS) private readonly processors: JobProcessor[],
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(ROLE) private readonly role: PlatformOptions['role'],
    @Inject(ModuleRef) private readonly moduleRef: ModuleRef,
  ) {}
  private started = false;

  async start(): Promise<void> {
    if (this.started || !runsJobs(this.config, this.role)) return;
    this.started = true;
    const services: JobServices = { get: (token) => this.moduleRef.get(token, { strict: false }) };
    for (const p of this.processors) this.queue.process(p.definition, (job) => p.handler(job, services), p.options);
    await this.queue.start();
    if (!this.config.redisUrl) {
      for (const p of this.processors) {
        // Start-up goes on without it: the work stays recorded and can be started again by hand.
        await p.requeueAfterRestart?.(this.queue, services).catch((error: unknown) => new NestLogger('jobs').error({ err: error, job: p.definition.name }, 'Could not queue again the unfinished work of a job'));
      }
    }
    for (const p of this.processors) {
      const everyMs = typeof p.everyMs === 'function' ? p.everyMs(this.config) : p.everyMs;
      if (everyMs) await this.queue.schedule(p.definition, p.schedulePayload ?? null, everyMs);
    }
  }
}

/** Starts the job handlers where this process runs jobs (the worker, or the embedded API): after `app.init()`. */
export async function startJobs(app: INestApplicationContext): Promise<void> {
  await app.get(JobsLifecycle, { strict: false }).start();
}

/** The API's own metrics (the worker and tools have no /metrics to read them). */
class PlatformMetricsLifecycle implements OnModuleInit {
  constructor(
    private readonly metrics: Metrics,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(PROJECTIONS) private readonly projectionList: Projection[],
    private readonly projections: ProjectionsService,
    private readonly leadership: ProjectionLeadership,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(JOB_PROCESSORS) private readonly processors: JobProcessor[],
    private readonly realtime: RealtimeGateway,
  ) {}
  onModuleInit(): void {
    registerPlatformMetrics(this.metrics, {
      prisma: this.prisma,
      projections: this.projections,
      leadership: this.leadership,
      projectionNames: this.projectionList.map((p) => p.name),
      queue: this.queue,
      jobs: this.processors.map((p) => p.definition as JobDefinition<unknown>),
      realtime: this.realtime,
    });
  }
}

/**
 * Nest runs one module's shutdown hooks side by side, so the order that matters is kept here: leader work
 * stops and frees the lease, job workers finish their jobs, and only then do the database and event store close.
 */
class PlatformLifecycle implements OnApplicationShutdown {
  constructor(
    @Inject(PLATFORM) private readonly platform: Platform,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    private readonly leadership: ProjectionLeadership,
  ) {}
  async onApplicationShutdown(): Promise<void> {
    await this.leadership.shutdown();
    await this.queue.close();
    await this.platform.close();
  }
}

/** Storage, event store, projections and realtime for one process, chosen by configuration. */
@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      imports: [CqrsModule.forRoot()],
      controllers: options.role === 'api' ? [HealthController, ApiDocsController, MetricsController] : [],
      providers: [
        { provide: APP_CONFIG, useValue: options.config },
        { provide: ROOT_LOGGER, useValue: options.logger },
        { provide: PLATFORM, useFactory: () => openPlatform(options.config, options.migrations) },
        { provide: SQL_CLIENT, useFactory: (p: Platform) => p.sql, inject: [PLATFORM] },
        { provide: PRISMA, useFactory: (p: Platform) => p.prisma, inject: [PLATFORM] },
        { provide: EVENT_STORE, useFactory: (p: Platform) => p.eventStore, inject: [PLATFORM] },
        { provide: PROJECTIONS, useValue: options.projections },
        { provide: JOB_QUEUE, useFactory: () => createJobQueue(options.config) },
        { provide: JOB_PROCESSORS, useValue: options.jobs ?? [] },
        { provide: ROLE, useValue: options.role },
        // One registry per app; process metrics only where /metrics serves them.
        { provide: Metrics, useFactory: () => new Metrics({ processMetrics: options.role === 'api' }) },
        PlatformLifecycle,
        JobsLifecycle,
        RealtimeGateway,
        ProjectionLeadership,
        ProjectionsService,
        ShutdownState,
        // Every state-changing route takes the product's own Origin only (403); text the database cannot
        // store is a 400, never a 500; after who may call (a context's ACCESS_CHECK), only the body types a
        // route documents (415): one guard runs them in that order (RequestChecks).
        ...(options.role === 'api'
          ? [
              OwnOriginGuard,
              SafeTextGuard,
              BodyTypeCheck,
              { provide: APP_GUARD, useClass: RequestChecks },
              PlatformMetricsLifecycle,
            ]
          : []),
      ],
      exports: [APP_CONFIG, ROOT_LOGGER, SQL_CLIENT, PRISMA, EVENT_STORE, JOB_QUEUE, RealtimeGateway, ProjectionLeadership, ProjectionsService, ShutdownState, Metrics, CqrsModule],
    };
  }
}
