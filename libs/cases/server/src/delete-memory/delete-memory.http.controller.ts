import { Controller, Delete, HttpCode, Inject, Param, Req } from '@nestjs/common';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { FilePurgeService } from '../file-purge/file-purge.service';
import { isUuid } from '../read-model/memory.queries';
import { MemoryCommands } from '../memory-commands/memory-commands';
import { memoryNotFound as notFound } from '../get-memory/get-memory.handler';
import { deleteInvitationsOfMemory } from '../share-memory/invitations';
import { MemoryParts } from '../memory-parts/memory-parts';

/**
 * Delete Forever. The command leaves a tombstone without personal data; the rows (every person's access
 * included), waiting invitations, the stream's earlier events, every blob and what other contexts keep beside it are gone before this answers.
 */
@Controller('api/memories')
export class DeleteMemoryController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly memories: MemoryCommands,
    private readonly purge: FilePurgeService,
    private readonly parts: MemoryParts,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  @Delete(':id')
  @HttpCode(204)
  async delete(@Req() req: HttpRequest, @Param('id') id: string): Promise<void> {
    const user = await this.sessions.requireUser(req);
    if (!isUuid(id)) throw notFound();
    const result = await this.memories.run(user, req, { type: 'DeleteCase', caseId: id });
    await deleteInvitationsOfMemory(this.prisma, id);
    await this.memories.settled(result);
    if (result.position) {
      await this.purge.waitUntilPurged(result.position);
      // What other contexts kept beside it (its organisations) is gone too before this answers.
      await this.parts.waitUntilErased(result.position);
    }
  }
}
