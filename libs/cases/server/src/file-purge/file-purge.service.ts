import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { EventStore, Position } from '@afterwards/event-store';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { PrismaClient } from '@afterwards/persistence';
import { APP_CONFIG, EVENT_STORE, PRISMA, ProjectionRunner, waitForProjection, type AppConfig } from '@afterwards/server-kit';
import { FILE_STORE } from '../tokens';
import { FILE_PURGE, filePurgeReactor } from './file-purge.reactor';

/** A partial upload this old is no upload in progress (5 MB arrive in seconds): a crash left it. */
export const STALE_PARTIAL_UPLOAD_MS = 15 * 60 * 1000;

/** Runs the file-purge reactor beside the projections (same switch: RUN_PROJECTIONS). */
@Injectable()
export class FilePurgeService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('file-purge');
  private runner: ProjectionRunner | undefined;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    // Every API process sweeps at start-up: an upload cut off by a crash left its encrypted .part file.
    const cleared = await this.files.clearStalePartials(STALE_PARTIAL_UPLOAD_MS);
    if (cleared > 0) this.logger.log({ cleared }, 'removed partial uploads left by an earlier stop');
    if (!this.config.runProjections) return;
    this.runner = new ProjectionRunner(this.store, this.prisma, [filePurgeReactor(this.files)], undefined, (_name, error) =>
      this.logger.error({ err: error }, 'file purge stopped'),
    );
    await this.runner.start();
  }

  /** Resolves once the blobs and events of everything up to `position` are gone. */
  waitUntilPurged(position: Position, timeoutMs = 30_000): Promise<void> {
    return waitForProjection(this.runner, this.prisma, FILE_PURGE, position, timeoutMs);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.runner?.stop();
  }
}
