import { Controller, Get, Query as QueryParams, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { HttpRequest } from '@afterwards/server-kit';
import { MemoryListQuerySchema, type MemoryListResponse } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { ListMemories } from './list-memories.query';

/** The dashboard's list: the signed-in user's memories with their progress counts (`include=details`: each whole). */
@Controller('api/memories')
export class ListMemoriesController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async list(@Req() req: HttpRequest, @QueryParams() raw: Record<string, string>): Promise<MemoryListResponse> {
    const user = await this.sessions.requireUser(req);
    const { include } = MemoryListQuerySchema.parse(raw);
    return this.queries.execute(new ListMemories(user.id, include === 'details'));
  }
}
