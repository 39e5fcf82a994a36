import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { EventStore, Position } from '@afterwards/event-store';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA, ProjectionLeadership, ProjectionRunner, runWhileLeading, SQL_CLIENT, waitForProjection, type LeaderRunner } from '@afterwards/server-kit';
import { MemoryParts } from '@afterwards/cases-server';
import { memoryOrganisationsStreamId } from '@afterwards/organisations-domain';
import { ChangeMemoryOrganisations } from '../change-memory-organisations/change-memory-organisations.command';
import { MEMORY_ORGANISATIONS_SEALER } from '../tokens';
import type { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { MEMORY_ORGANISATIONS_ERASURE, memoryOrganisationsErasureReactor } from './memory-organisations-erasure.reactor';

/**
 * Delete Forever and 'Delete my account' reach a memory's organisations through the memory's own tombstone:
 * this runs the erasure reactor beside the projections (in the replica that leads), and the cases context
 * waits for it (MemoryParts) before it answers, so nothing of the list is left when the person is told it is gone.
 */
@Injectable()
export class MemoryOrganisationsErasure implements OnModuleInit {
  private readonly logger = new Logger('memory-organisations-erasure');
  private readonly runner: LeaderRunner;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MEMORY_ORGANISATIONS_SEALER) private readonly sealer: MemoryOrganisationsSealer,
    private readonly commands: CommandBus,
    private readonly parts: MemoryParts,
    leadership: ProjectionLeadership,
  ) {
    this.runner = runWhileLeading(
      leadership,
      { name: MEMORY_ORGANISATIONS_ERASURE, order: 12 },
      (fencing) =>
        new ProjectionRunner(
          store,
          prisma,
          [memoryOrganisationsErasureReactor((caseId) => this.erase(caseId))],
          undefined,
          (_name, error) => this.logger.error({ err: error }, 'memory organisations erasure stopped'),
          fencing,
        ),
    );
  }

  onModuleInit(): void {
    this.parts.addErasureWait((position) => this.waitUntilErased(position));
  }

  /** The stream down to its tombstone (ids only), the rows, then the key: without it no copy of a sealed value opens. */
  async erase(caseId: string): Promise<void> {
    const streamId = memoryOrganisationsStreamId(caseId);
    // A memory whose organisations were never opened has no stream: nothing to leave a tombstone in.
    if ((await this.store.readStream(streamId)).length > 0) {
      // By the system, naming nobody: the tombstone keeps no id of the person whose memory or account went.
      await this.commands.execute(new ChangeMemoryOrganisations({ type: 'EraseMemoryOrganisations', caseId, erasedAt: new Date().toISOString() }, { actor: 'system' }));
    }
    await this.sql.query(`DELETE FROM memory_organisations WHERE case_id = $1::uuid`, [caseId]);
    await this.sql.query(`DELETE FROM memory_organisations_lists WHERE case_id = $1::uuid`, [caseId]);
    await this.sealer.forget(caseId);
  }

  /** Resolves once everything of the memories deleted up to `position` is gone from their organisations. */
  waitUntilErased(position: Position, timeoutMs = 30_000): Promise<void> {
    return waitForProjection(() => this.runner.current(), this.prisma, MEMORY_ORGANISATIONS_ERASURE, position, timeoutMs);
  }
}
