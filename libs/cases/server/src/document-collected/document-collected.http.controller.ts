import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { SetDocumentCollectedRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** The document's collected checkbox, sent as the wanted state. */
@Controller('api/memories')
export class DocumentCollectedController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly memories: MemoryCommands,
  ) {}

  @Put(':id/documents/:documentId')
  async set(@Req() req: Request, @Param('id') id: string, @Param('documentId') documentId: string, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const { collected } = SetDocumentCollectedRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, { type: collected ? 'CollectDocument' : 'UncollectDocument', caseId: id, documentId });
  }
}
