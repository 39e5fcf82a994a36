import { Body, Controller, Delete, Param, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import { SettleItemRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';

/**
 * Starting late, and items that do not apply: PUT marks a task or checklist document 'not needed' or 'done
 * before I started' (with an optional reason), DELETE takes the mark off. Both answer with the memory.
 */
@Controller('api/memories')
export class SettleItemController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly memories: MemoryCommands,
  ) {}

  /** A late start, in one step: every open task that must have happened before it (the checklist domain's rule). */
  @Put(':id/done-before-start')
  async settleDoneBeforeStart(@Req() req: Request, @Param('id') id: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.memories.runAndRead(user, req, { type: 'SettleTasksDoneBeforeStart', caseId: id });
  }

  @Put(':id/tasks/:taskId/settlement')
  async settleTask(@Req() req: Request, @Param('id') id: string, @Param('taskId') taskId: string, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const { kind, reason } = SettleItemRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, { type: 'SettleTask', caseId: id, taskId, kind, reason: reason ?? null });
  }

  @Delete(':id/tasks/:taskId/settlement')
  async unsettleTask(@Req() req: Request, @Param('id') id: string, @Param('taskId') taskId: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.memories.runAndRead(user, req, { type: 'UnsettleTask', caseId: id, taskId });
  }

  @Put(':id/documents/:documentId/settlement')
  async settleDocument(@Req() req: Request, @Param('id') id: string, @Param('documentId') documentId: string, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    const { kind, reason } = SettleItemRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, { type: 'SettleDocument', caseId: id, documentId, kind, reason: reason ?? null });
  }

  @Delete(':id/documents/:documentId/settlement')
  async unsettleDocument(@Req() req: Request, @Param('id') id: string, @Param('documentId') documentId: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.memories.runAndRead(user, req, { type: 'UnsettleDocument', caseId: id, documentId });
  }
}
