import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore } from '@afterwards/event-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, JOB_QUEUE, PRISMA, ProjectionLeadership, ProjectionRunner, ProjectionsService, runWhileLeading, type LeaderFencing } from '@afterwards/server-kit';
import { SettingsService, settingsProjection } from '@afterwards/settings-server';
import { ListingCommands } from '@afterwards/directory-server';
import { promotionNoticesReactor } from './send-promotion-notices/promotion-notices';
import { promotionPlacementReactor } from './placement-reactor/promotion-placement.reactor';
import type { PromotionRuntime } from './promotion-runtime';
import { promotionSchedulerReactor } from './timed-work/promotion-scheduler.reactor';
import { PROMOTION_RUNTIME } from './tokens';

/**
 * Runs the promotion reactors beside the projections, in the replica that leads: placing listings,
 * queueing timed work and queueing notices. Each has its own checkpoint, so one stopping leaves the
 * others and the read models running.
 */
@Injectable()
export class PromotionReactorsService {
  private readonly logger = new Logger('promotions');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(JOB_QUEUE) private readonly queue: JobQueue,
    @Inject(PROMOTION_RUNTIME) private readonly rt: PromotionRuntime,
    private readonly projections: ProjectionsService,
    private readonly settings: SettingsService,
    private readonly listings: ListingCommands,
    leadership: ProjectionLeadership,
  ) {
    runWhileLeading(leadership, { name: 'promotion reactors', order: 20 }, (fencing) => this.create(fencing));
  }

  private create(fencing: LeaderFencing): ProjectionRunner {
    const settingsInclude = async (event: { position: Parameters<ProjectionsService['waitUntilApplied']>[1] }) => {
      await this.projections.waitUntilApplied(settingsProjection.name, event.position);
      this.settings.invalidate();
    };
    return new ProjectionRunner(
      this.store,
      this.prisma,
      [promotionPlacementReactor(this.listings), promotionSchedulerReactor(this.rt, this.queue, settingsInclude), promotionNoticesReactor(this.queue, this.store)],
      undefined,
      (name, error) => this.logger.error({ err: error, reactor: name }, 'promotion reactor stopped'),
      fencing,
    );
  }
}
