import { randomUUID } from 'node:crypto';
import { Controller, Delete, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { DOCUMENT_TITLE_HEADER, UPLOAD_CONTENT_TYPE, type MemoryDetail } from '@afterwards/contracts';
import { Consumes, decodedTextHeader, headerOf, type HttpRequest } from '@afterwards/server-kit';
import type { EncryptedFileStore } from '@afterwards/file-store';
import { SessionCache } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';
import { GetMemory } from '../get-memory/get-memory.query';
import { FILE_STORE } from '../tokens';
import { receiveDocumentFile } from '../uploads/receive-upload';

/** Additional Documents: extra files the family keeps with a memory, one file per document. */
@Controller('api/memories')
export class AdditionalDocumentsController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
    private readonly memories: MemoryCommands,
    private readonly queries: QueryBus,
  ) {}

  @Post(':id/additional-documents')
  @Consumes(UPLOAD_CONTENT_TYPE)
  @HttpCode(201)
  async add(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    await this.queries.execute(new GetMemory(user.id, id)); // 404 before storing anything
    return receiveDocumentFile(req, this.files, id, (file) =>
      this.memories.runAndRead(user, req, {
        type: 'AddAdditionalDocument',
        caseId: id,
        documentId: randomUUID(),
        title: decodedTextHeader(headerOf(req, DOCUMENT_TITLE_HEADER)),
        file,
      }),
    );
  }

  @Delete(':id/additional-documents/:documentId')
  remove(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'RemoveAdditionalDocument', caseId: id, documentId });
  }
}
