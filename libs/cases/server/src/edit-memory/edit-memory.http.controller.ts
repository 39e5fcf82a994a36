import { Body, Controller, Patch, Param, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { EditMemoryRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Edit Memory Information: only the fields sent change; a form filled from older details is refused. */
@Controller('api/memories')
export class EditMemoryController {
  constructor(private readonly memories: MemoryCommands) {}

  @Patch(':id')
  edit(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const { expectedDetailsVersion, ...changes } = EditMemoryRequestSchema.parse(body ?? {});
      return {
        type: 'EditCaseDetails',
        caseId: id,
        changes,
        ...(expectedDetailsVersion !== undefined ? { expectedDetailsVersion } : {}),
      };
    });
  }
}
