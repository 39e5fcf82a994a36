import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA, ProjectionLeadership, ProjectionRunner, runWhileLeading, waitForProjection, type LeaderRunner } from '@afterwards/server-kit';
import { FILE_STORE } from '../tokens';
import { FILE_PURGE, filePurgeReactor } from './file-purge.reactor';

/** Runs the file-purge reactor beside the projections, in the replica that leads. */
@Injectable()
export class FilePurgeService {
  private readonly logger = new Logger('file-purge');
  private readonly runner: LeaderRunner;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(FILE_STORE) files: EncryptedFileStore,
    leadership: ProjectionLeadership,
  ) {
    this.runner = runWhileLeading(
      leadership,
      { name: FILE_PURGE, order: 10 },
      (fencing) => new ProjectionRunner(store, prisma, [filePurgeReactor(files)], undefined, (_name, error) => this.logger.error({ err: error }, 'file purge stopped'), fencing),
    );
  }

  /** Resolves once the blobs and events of everything up to `position` are gone. */
  waitUntilPurged(position: Position, timeoutMs = 30_000): Promise<void> {
    return waitForProjection(() => this.runner.current(), this.prisma, FILE_PURGE, position, timeoutMs);
  }
}
