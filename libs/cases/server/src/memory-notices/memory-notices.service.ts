import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { JobQueue } from '@afterwards/jobs';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, JOB_QUEUE, PRISMA, ProjectionLeadership, RealtimeGateway } from '@afterwards/server-kit';
import { runReactorWhileLeading, type WaitForReactor } from '../leading-reactor';
import { memoryNoticesReactor } from './memory-notices.reactor';

/**
 * Runs the memory-notices reactor beside the projections, in the replica that leads, and tells the open
 * screens of the people it names (their private `memory-notices` room) as soon as it has queued their e-mails.
 */
@Injectable()
export class MemoryNoticesService {
  private readonly waitForReactor: WaitForReactor;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PRISMA) prisma: PrismaClient,
    @Inject(JOB_QUEUE) queue: JobQueue,
    realtime: RealtimeGateway,
    leadership: ProjectionLeadership,
  ) {
    this.waitForReactor = runReactorWhileLeading(
      { store, prisma, leadership, logger: new Logger('memory-notices') },
      {
        projection: memoryNoticesReactor(queue),
        order: 11,
        stoppedMessage: 'memory notices stopped',
        onChange: (change) => {
          if (change.topic) for (const room of change.rooms) realtime.publish(change.topic, [...change.ids], room);
        },
      },
    );
  }

  /**
   * Resolves once the reactor has seen everything up to `position` (the names its e-mails need are copied):
   * deleting an account waits for it before the account's own rows, its name among them, go.
   */
  waitUntilSeen(position: Position, timeoutMs = 30_000): Promise<void> {
    return this.waitForReactor(position, timeoutMs);
  }
}
