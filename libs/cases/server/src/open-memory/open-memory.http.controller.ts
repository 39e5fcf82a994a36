import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { CreateMemoryRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Create New Memory: one command opens the memory and generates its checklist together. */
@Controller('api/memories')
export class OpenMemoryController {
  constructor(private readonly memories: MemoryCommands) {}

  @Post()
  @HttpCode(201)
  open(@Req() req: HttpRequest, @Body() body: unknown): Promise<MemoryDetail> {
    return this.memories.runAndReadForCaller(req, () => {
      const details = CreateMemoryRequestSchema.parse(body ?? {});
      return { type: 'OpenCase', caseId: randomUUID(), details, ids: randomUUID };
    });
  }
}
