import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SetDocumentCollectedRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** The document's collected checkbox, sent as the wanted state. */
@Controller('api/memories')
export class DocumentCollectedController {
  constructor(private readonly memories: MemoryCommands) {}

  @Put(':id/documents/:documentId')
  set(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const { collected } = SetDocumentCollectedRequestSchema.parse(body ?? {});
      return { type: collected ? 'CollectDocument' : 'UncollectDocument', caseId: id, documentId };
    });
  }
}
