import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { MemoryListResponse } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { listMemories } from '../read-model/memory.queries';

/** The dashboard's list: the signed-in user's memories with their progress counts. */
@Controller('api/memories')
export class ListMemoriesController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  @Get()
  async list(@Req() req: Request): Promise<MemoryListResponse> {
    const user = await this.sessions.requireUser(req);
    return { memories: await listMemories(this.prisma, user.id) };
  }
}
