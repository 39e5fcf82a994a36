import { randomUUID } from 'node:crypto';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Req, Res, type StreamableFile } from '@nestjs/common';
import { StartMemoryExportRequestSchema, type MemoryExport } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { withUser, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { memoryNotFound } from '../get-memory/get-memory.handler';
import { isUuid } from '../read-model/memory.queries';
import { storedFileAnswer } from '../download-file/send-stored-file';
import { EXPORT_RUNTIME, type ExportRuntime } from './export-runtime';
import { exportMemoryJob } from './export-memory.job';
import { exportFileName } from './memory-export-contents';
import { toMemoryExport } from './memory-exports.store';
import { MemoryExportError } from './memory-export.errors';

/**
 * "Download everything": start preparing a memory's zip (a job), follow its progress, download it while
 * its link lasts. Owner only: anyone else, and any id that is not theirs, gets the memory's 404.
 */
@Controller('api/memories')
export class ExportMemoryController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(EXPORT_RUNTIME) private readonly rt: ExportRuntime,
  ) {}

  @Post(':id/exports')
  @HttpCode(202)
  async start(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryExport> {
    const user = await this.sessions.requireUser(req);
    StartMemoryExportRequestSchema.parse(body ?? {});
    if (!isUuid(id)) throw memoryNotFound();
    const memory = await withUser(this.rt.prisma, user.id, (tx) => tx.case.findFirst({ where: { id, userId: user.id }, select: { name: true } }));
    if (!memory) throw memoryNotFound();
    const now = this.rt.now();
    // A second click (or a second tab) while one is being prepared follows that one.
    const row =
      (await this.rt.exports.preparing(user.id, id)) ??
      (await this.rt.exports.create({ id: randomUUID(), caseId: id, userId: user.id, fileName: exportFileName(memory.name, now), createdAt: now }));
    await this.rt.jobs.enqueue(exportMemoryJob, { exportId: row.id }, { jobId: row.id });
    return toMemoryExport(row, now);
  }

  @Get(':id/exports/:exportId')
  async status(@Req() req: HttpRequest, @Param('id') id: string, @Param('exportId') exportId: string): Promise<MemoryExport> {
    const user = await this.sessions.requireUser(req);
    return toMemoryExport(await this.owned(user.id, id, exportId), this.rt.now());
  }

  @Get(':id/exports/:exportId/download')
  async download(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Param('id') id: string, @Param('exportId') exportId: string): Promise<StreamableFile> {
    const user = await this.sessions.requireUser(req);
    const row = await this.owned(user.id, id, exportId);
    if (row.status !== 'ready' || !row.fileId) throw new MemoryExportError('EXPORT_NOT_READY', 'This download is not ready yet.');
    // Past its time the link refuses even before the sweep has deleted the zip.
    if (!row.expiresAt || row.expiresAt <= this.rt.now())
      throw new MemoryExportError('EXPORT_EXPIRED', 'This download link has expired. Please prepare a new download of the memory.');
    return storedFileAnswer(reply, await this.rt.files().open(row.fileId), {
      contentType: 'application/zip',
      fileName: row.fileName,
      download: true,
      size: row.fileSize ?? undefined,
    });
  }

  private async owned(userId: string, caseId: string, exportId: string) {
    if (!isUuid(caseId) || !isUuid(exportId)) throw memoryNotFound();
    const row = await this.rt.exports.getOwned(userId, caseId, exportId);
    if (!row) throw new MemoryExportError('EXPORT_NOT_FOUND', 'This download was not found. It may have expired or its memory was deleted.');
    return row;
  }
}
