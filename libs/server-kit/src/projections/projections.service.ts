import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { StaffTopics } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import type { EventStore, Position } from '@afterwards/event-store';
import type { AppConfig } from '../config/config';
import { RealtimeGateway } from '../realtime/realtime.gateway';
import { APP_CONFIG, EVENT_STORE, PRISMA } from '../tokens';
import type { Projection } from './projection';
import { ProjectionRunner, waitForProjection, type ProjectionChange } from './projection-runner';

export const PROJECTIONS = Symbol('PROJECTIONS');

type ChangeListener = (change: ProjectionChange) => void;

/** Runs the read-model projections in this process (unless RUN_PROJECTIONS=false) and pushes changes to screens. */
@Injectable()
export class ProjectionsService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('projections');
  private runner: ProjectionRunner | undefined;
  private failed = false;
  private readonly listeners = new Set<ChangeListener>();

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(PROJECTIONS) private readonly projections: Projection[],
    private readonly realtime: RealtimeGateway,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (!this.config.runProjections) return;
    this.runner = new ProjectionRunner(
      this.store,
      this.prisma,
      this.projections,
      (change) => {
        if (change.topic && change.room) this.realtime.publish(change.topic, change.ids, change.room);
        if (change.staff) this.realtime.publish(StaffTopics.backOffice, change.ids, StaffTopics.backOffice);
        for (const listener of this.listeners) listener(change);
      },
      (name, error) => {
        this.failed = true;
        this.logger.error({ err: error, projection: name }, 'projection stopped');
      },
    );
    await this.runner.start();
    this.logger.log({ projections: this.projections.map((p) => p.name) }, 'projections running');
  }

  /** For tests and benchmarks: observe applied changes. */
  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Resolves once `projection` has applied the event at `position`: read-your-writes for a request that
   * just appended, and what seed and tools wait on. Where another process runs the projections
   * (RUN_PROJECTIONS=false), it watches the committed checkpoint instead.
   */
  waitUntilApplied(projection: string, position: Position, timeoutMs = 60_000): Promise<void> {
    return waitForProjection(this.runner, this.prisma, projection, position, timeoutMs);
  }

  healthy(): boolean {
    return !this.failed;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
