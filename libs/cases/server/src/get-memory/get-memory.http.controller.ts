import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { HttpRequest } from '@afterwards/server-kit';
import type { MemoryDetail } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { GetMemory } from './get-memory.query';

/** Opening a memory: its details, whole checklist, files and notes. Someone else's memory is 404. */
@Controller('api/memories')
export class GetMemoryController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly queries: QueryBus,
  ) {}

  @Get(':id')
  async get(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.queries.execute(new GetMemory(user.id, id));
  }
}
