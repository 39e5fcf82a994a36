import { Controller, Delete, Get, Inject, Param, Put, Query, Req, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { UPLOAD_CONTENT_TYPE, type MemoryDetail } from '@afterwards/contracts';
import type { EncryptedFileStore } from '@afterwards/file-store';
import { receiveFile } from '@afterwards/file-store/receive';
import type { PrismaClient } from '@afterwards/persistence';
import { Consumes, PRISMA, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { CASE_MESSAGES, CaseError, MAX_PHOTO_BYTES, PHOTO_TYPES } from '@afterwards/cases-domain';
import { MemoryCommands } from '../memory-commands/memory-commands';
import { GetMemory } from '../get-memory/get-memory.query';
import { memoryNotFound as notFound } from '../get-memory/get-memory.handler';
import { findOwnedPhoto } from '../read-model/memory.queries';
import { FILE_STORE } from '../tokens';
import { memoryTempScope } from '../file-purge/memory-temp-files';
import { keepIfAccepted } from '../uploads/receive-upload';
import { storedFileAnswer } from '../download-file/send-stored-file';

const THUMBNAIL_SIZE = 256;

/** The memory's photo: set or replace (5 MB, JPEG, PNG, GIF or WebP by content), remove, and view. */
@Controller('api/memories')
export class MemoryPhotoController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(FILE_STORE) private readonly files: EncryptedFileStore,
    private readonly memories: MemoryCommands,
    private readonly queries: QueryBus,
  ) {}

  @Put(':id/photo')
  @Consumes(UPLOAD_CONTENT_TYPE)
  async set(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    await this.queries.execute(new GetMemory(user.id, id));
    const stored = await receiveFile(req, this.files, {
      maxBytes: MAX_PHOTO_BYTES,
      allowedTypes: PHOTO_TYPES,
      tooLarge: () => new CaseError('PHOTO_TOO_LARGE', CASE_MESSAGES.photoTooLarge),
      wrongType: () => new CaseError('PHOTO_TYPE_NOT_ALLOWED', CASE_MESSAGES.photoType),
      scope: memoryTempScope(id),
    });
    return keepIfAccepted(this.files, stored, () =>
      this.memories.runAndRead(user, req, {
        type: 'ChangeCasePhoto',
        caseId: id,
        photo: { fileId: stored.fileId, fileType: stored.fileType, fileSize: stored.fileSize },
      }),
    );
  }

  @Delete(':id/photo')
  remove(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'ChangeCasePhoto', caseId: id, photo: null });
  }

  @Get(':id/photo')
  async view(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Param('id') id: string, @Query('size') size?: string): Promise<StreamableFile> {
    const user = await this.sessions.requireUser(req);
    const photo = await findOwnedPhoto(this.prisma, user.id, id);
    if (!photo) throw notFound();
    if (size === 'thumbnail') {
      const thumbnail = await this.files.thumbnail(photo.id, { size: THUMBNAIL_SIZE, scope: memoryTempScope(id) });
      return storedFileAnswer(reply, thumbnail.stream, { contentType: thumbnail.contentType, fileName: 'photo.webp', download: false });
    }
    return storedFileAnswer(reply, await this.files.open(photo.id), { contentType: photo.fileType, fileName: 'photo', download: false, size: photo.fileSize });
  }
}
