import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA, ProjectionLeadership, ProjectionRunner, runWhileLeading, waitForProjection, type LeaderRunner } from '@afterwards/server-kit';
import { FILE_STORE } from '../tokens';
import { STALE_PARTIAL_MS } from './clear-stale-partials.job';
import { FILE_PURGE, filePurgeReactor } from './file-purge.reactor';

/** Runs the file-purge reactor beside the projections, in the replica that leads. */
@Injectable()
export class FilePurgeService implements OnApplicationBootstrap {
  private readonly logger = new Logger('file-purge');
  private readonly runner: LeaderRunner;

  constructor(
    @Inject(EVENT_STORE) store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
    leadership: ProjectionLeadership,
  ) {
    this.runner = runWhileLeading(
      leadership,
      { name: FILE_PURGE, order: 10 },
      (fencing) => new ProjectionRunner(store, prisma, [filePurgeReactor(files)], undefined, (_name, error) => this.logger.error({ err: error }, 'file purge stopped'), fencing),
    );
  }

  async onApplicationBootstrap(): Promise<void> {
    // Every API process sweeps at start-up too (the periodic sweep runs where jobs run): a write cut off by a crash left its encrypted .part file.
    const cleared = await this.files.clearStalePartials(STALE_PARTIAL_MS);
    if (cleared > 0) this.logger.log({ cleared }, 'removed partial uploads left by an earlier stop');
  }

  /** Resolves once the blobs and events of everything up to `position` are gone. */
  waitUntilPurged(position: Position, timeoutMs = 30_000): Promise<void> {
    return waitForProjection(() => this.runner.current(), this.prisma, FILE_PURGE, position, timeoutMs);
  }
}
