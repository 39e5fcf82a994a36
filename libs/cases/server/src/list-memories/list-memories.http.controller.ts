import { Controller, Get, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { MemoryListResponse } from '@afterwards/contracts';
import { SessionCache } from '@afterwards/identity-server';
import { ListMemories } from './list-memories.query';

/** The dashboard's list: the signed-in user's memories with their progress counts. */
@Controller('api/memories')
export class ListMemoriesController {
  constructor(
    private readonly sessions: SessionCache,
    private readonly queries: QueryBus,
  ) {}

  @Get()
  async list(@Req() req: Request): Promise<MemoryListResponse> {
    const user = await this.sessions.requireUser(req);
    return this.queries.execute(new ListMemories(user.id));
  }
}
