import { Body, Controller, Delete, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SettleItemRequestSchema, type MemoryDetail, type SettleItemRequest } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** The mark a PUT asks for, as the command takes it (no reason: null). */
function settlementFrom(body: unknown): { kind: SettleItemRequest['kind']; reason: string | null } {
  const { kind, reason } = SettleItemRequestSchema.parse(body ?? {});
  return { kind, reason: reason ?? null };
}

/**
 * Starting late, and items that do not apply: PUT marks a task or checklist document 'not needed' or 'done
 * before I started' (with an optional reason), DELETE takes the mark off. Both answer with the memory.
 */
@Controller('api/memories')
export class SettleItemController {
  constructor(private readonly memories: MemoryCommands) {}

  /** A late start, in one step: every open task that must have happened before it (the checklist domain's rule). */
  @Put(':id/done-before-start')
  settleDoneBeforeStart(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'SettleTasksDoneBeforeStart', caseId: id });
  }

  @Put(':id/tasks/:taskId/settlement')
  settleTask(@Req() req: HttpRequest, @Param('id') id: string, @Param('taskId') taskId: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => ({ type: 'SettleTask', caseId: id, taskId, ...settlementFrom(body) }));
  }

  @Delete(':id/tasks/:taskId/settlement')
  unsettleTask(@Req() req: HttpRequest, @Param('id') id: string, @Param('taskId') taskId: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'UnsettleTask', caseId: id, taskId });
  }

  @Put(':id/documents/:documentId/settlement')
  settleDocument(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => ({ type: 'SettleDocument', caseId: id, documentId, ...settlementFrom(body) }));
  }

  @Delete(':id/documents/:documentId/settlement')
  unsettleDocument(@Req() req: HttpRequest, @Param('id') id: string, @Param('documentId') documentId: string): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, { type: 'UnsettleDocument', caseId: id, documentId });
  }
}
