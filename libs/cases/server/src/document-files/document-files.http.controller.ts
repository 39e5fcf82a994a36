import { Controller, Delete, HttpCode, Inject, Param, Post, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { UPLOAD_CONTENT_TYPE, memoryMay, type MemoryDetail, type MemoryDocument } from '@afterwards/contracts';
import { Consumes, type HttpRequest } from '@afterwards/server-kit';
import type { EncryptedFileStore } from '@afterwards/file-store';
import { SessionCache, type CurrentUser } from '@afterwards/identity-server';
import { CASE_MESSAGES, CaseError, MAX_FILES_PER_DOCUMENT } from '@afterwards/cases-domain';
import { MemoryCommands } from '../memory-commands/memory-commands';
import { GetMemory } from '../get-memory/get-memory.query';
import { FILE_STORE } from '../tokens';
import { receiveDocumentFile } from '../uploads/receive-upload';

/** Files of a checklist document: up to 5, 5 MB each, PDF, JPG, PNG, DOC or DOCX by content. */
@Controller('api/memories')
export class DocumentFilesController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
    private readonly memories: MemoryCommands,
    private readonly queries: QueryBus,
  ) {}

  /** The document, for someone who may change its files (a viewer is refused before a byte is stored). */
  private async document(user: CurrentUser, caseId: string, documentId: string): Promise<MemoryDocument> {
    const detail: MemoryDetail = await this.queries.execute(new GetMemory(user.id, caseId));
    if (!memoryMay(detail.memory.role, 'upload')) throw new CaseError('CASE_READ_ONLY', CASE_MESSAGES.readOnly);
    const found = detail.documents.find((d) => d.id === documentId);
    if (!found) throw new CaseError('DOCUMENT_NOT_FOUND', `Document not found: ${documentId}`);
    return found;
  }

  @Post(':id/documents/:documentId/files')
  @Consumes(UPLOAD_CONTENT_TYPE)
  @HttpCode(201)
  async upload(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    // Refuse before storing anything when the memory, the document or a free slot is missing.
    const document = await this.document(user, id, documentId);
    if (document.files.length >= MAX_FILES_PER_DOCUMENT) throw new CaseError('FILE_LIMIT_REACHED', CASE_MESSAGES.fileLimit);

    return receiveDocumentFile(req, this.files, id, (file) => this.memories.runAndRead(user, req, { type: 'AttachDocumentFile', caseId: id, documentId, file }));
  }

  @Delete(':id/documents/:documentId/files/:fileId')
  async remove(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string, @Param('fileId') fileId: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const document = await this.document(user, id, documentId);
    // The spec removes by index; the screen names the file, and the index is found here.
    const fileIndex = document.files.findIndex((f) => f.id === fileId);
    return this.memories.runAndRead(user, req, { type: 'RemoveDocumentFile', caseId: id, documentId, fileIndex });
  }
}
