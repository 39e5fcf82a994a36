import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import {
  EVENT_STORE,
  JOB_QUEUE,
  PRISMA,
  ProjectionLeadership,
  ProjectionRunner,
  RealtimeGateway,
  runWhileLeading,
  waitForProjection,
  type LeaderRunner,
} from '@afterwards/server-kit';
import { MEMORY_NOTICES, memoryNoticesReactor } from './memory-notices.reactor';

/**
 * Runs the memory-notices reactor beside the projections, in the replica that leads, and tells the open
 * screens of the people it names (their private `memory-notices` room) as soon as it has queued their e-mails.
 */
@Injectable()
export class MemoryNoticesService {
  private readonly logger = new Logger('memory-notices');
  private readonly runner: LeaderRunner;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(JOB_QUEUE) queue: JobQueue,
    realtime: RealtimeGateway,
    leadership: ProjectionLeadership,
  ) {
    this.runner = runWhileLeading(
      leadership,
      { name: MEMORY_NOTICES, order: 11 },
      (fencing) =>
        new ProjectionRunner(
          store,
          prisma,
          [memoryNoticesReactor(queue)],
          (change) => {
            if (change.topic) for (const room of change.rooms) realtime.publish(change.topic, [...change.ids], room);
          },
          (_name, error) => this.logger.error({ err: error }, 'memory notices stopped'),
          fencing,
        ),
    );
  }

  /**
   * Resolves once the reactor has seen everything up to `position` (the names its e-mails need are copied):
   * deleting an account waits for it before the account's own rows, its name among them, go.
   */
  waitUntilSeen(position: Position, timeoutMs = 30_000): Promise<void> {
    return waitForProjection(() => this.runner.current(), this.prisma, MEMORY_NOTICES, position, timeoutMs);
  }
}
