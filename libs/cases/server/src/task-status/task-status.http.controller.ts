import { Body, Controller, Param, Put, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { SetTaskStatusRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** The task checkbox sends what it wants (complete or pending), never a toggle, so two tabs agree. */
@Controller('api/memories')
export class TaskStatusController {
  constructor(private readonly memories: MemoryCommands) {}

  @Put(':id/tasks/:taskId')
  set(@Req() req: HttpRequest, @Param('id') id: string, @Param('taskId') taskId: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const { status } = SetTaskStatusRequestSchema.parse(body ?? {});
      return { type: status === 'complete' ? 'CompleteTask' : 'ReopenTask', caseId: id, taskId };
    });
  }
}
