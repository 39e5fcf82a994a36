import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { AccountErasure, ERASURE_ORDER, SessionCache, type ErasedAccount } from '@afterwards/identity-server';
import { ProjectionsService } from '@afterwards/server-kit';
import { ChangeCase, type CaseChangeResult } from '../change-case/change-case.command';
import { EXPORT_RUNTIME, type ExportRuntime } from '../export-memory/export-runtime';
import { FilePurgeService } from '../file-purge/file-purge.service';
import { MemoryNoticesService } from '../memory-notices/memory-notices.service';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { MemoryParts } from '../memory-parts/memory-parts';
import { eraseExportsOf } from './erase-exports';

/**
 * The memories part of deleting an account: every memory the person owns goes exactly as Delete Forever
 * (the DeleteCase command's tombstone, the read model's rows, every blob), waiting until each is purged;
 * then any zip of theirs still left, prepared or partial. Registered with the identity context's ordered steps.
 */
@Injectable()
export class OwnedMemoriesErasure implements OnModuleInit {
  constructor(
    private readonly erasure: AccountErasure,
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    private readonly purge: FilePurgeService,
    private readonly notices: MemoryNoticesService,
    private readonly sessions: SessionCache,
    private readonly parts: MemoryParts,
    @Inject(EXPORT_RUNTIME) private readonly rt: ExportRuntime,
  ) {}

  onModuleInit(): void {
    this.erasure.add({ name: 'owned-memories', order: ERASURE_ORDER.ownedMemories, erase: (account) => this.erase(account) });
  }

  async erase({ userId }: ErasedAccount): Promise<void> {
    // No cached session of theirs may reach a memory route while (or after) their memories go.
    this.sessions.forgetUser(userId);
    const { rows } = await this.rt.sql.query<{ id: string }>(`SELECT id FROM cases WHERE user_id = $1`, [userId]);
    for (const { id } of rows) {
      // The person's id only: a tombstone keeps no address or browser of someone who asked to be forgotten.
      const result: CaseChangeResult = await this.commands.execute(
        new ChangeCase({ type: 'DeleteCase', caseId: id, actorId: userId, at: new Date().toISOString(), because: 'account-deleted' }, { actor: userId }),
      );
      if (result.position) {
        await this.projections.waitUntilApplied(memoriesProjection.name, result.position);
        await this.purge.waitUntilPurged(result.position);
        await this.parts.waitUntilErased(result.position);
        // The people it was shared with are told by name: it is copied before the account's rows go.
        await this.notices.waitUntilSeen(result.position);
      }
    }
    await eraseExportsOf(this.rt, userId);
  }
}
