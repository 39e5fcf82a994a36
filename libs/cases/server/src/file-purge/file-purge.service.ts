import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA, ProjectionLeadership } from '@afterwards/server-kit';
import { FILE_STORE } from '../tokens';
import { runReactorWhileLeading, type WaitForReactor } from '../leading-reactor';
import { filePurgeReactor } from './file-purge.reactor';

/** Runs the file-purge reactor beside the projections, in the replica that leads. */
@Injectable()
export class FilePurgeService {
  private readonly waitForReactor: WaitForReactor;

  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(PRISMA) prisma: PrismaClient, @Inject(FILE_STORE) files: EncryptedFileStore, leadership: ProjectionLeadership) {
    this.waitForReactor = runReactorWhileLeading(
      { store, prisma, leadership, logger: new Logger('file-purge') },
      { projection: filePurgeReactor(files), order: 10, stoppedMessage: 'file purge stopped' },
    );
  }

  /** Resolves once the blobs and events of everything up to `position` are gone. */
  waitUntilPurged(position: Position, timeoutMs = 30_000): Promise<void> {
    return this.waitForReactor(position, timeoutMs);
  }
}
