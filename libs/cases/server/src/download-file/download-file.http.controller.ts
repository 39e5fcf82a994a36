import { Controller, Get, Inject, Param, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import type { EncryptedFileStore } from '@afterwards/file-store';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { findOwnedFile } from '../read-model/memory.queries';
import { FILE_STORE } from '../tokens';
import { storedFileAnswer } from './send-stored-file';

/** View or download a document file. Only its owner gets it; anyone else gets 404, as if it never existed. */
@Controller('api/memories')
export class DownloadFileController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
  ) {}

  @Get(':id/files/:fileId')
  async download(
    @Req() req: HttpRequest,
    @Res({ passthrough: true }) reply: HttpReply,
    @Param('id') id: string,
    @Param('fileId') fileId: string,
    @Query('download') download?: string,
  ): Promise<StreamableFile> {
    const user = await this.sessions.requireUser(req);
    const file = await findOwnedFile(this.prisma, user.id, id, fileId);
    if (!file) throw new ProblemError(404, 'FILE_NOT_FOUND', 'File not found');
    return storedFileAnswer(reply, await this.files.open(file.id), {
      contentType: file.fileType,
      fileName: file.fileName,
      download: download === '1' || download === 'true',
      size: file.fileSize,
    });
  }
}
