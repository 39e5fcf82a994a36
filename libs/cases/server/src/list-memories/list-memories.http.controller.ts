import { Controller, Get, Inject, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { MemoryListResponse } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { AUTH, requireUser, type Auth } from '@afterwards/identity-server';
import { listMemories } from '../read-model/memory.queries';

/** The dashboard's list: the signed-in user's memories with their progress counts. */
@Controller('api/memories')
export class ListMemoriesController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  @Get()
  async list(@Req() req: Request): Promise<MemoryListResponse> {
    const user = await requireUser(this.auth, req);
    return { memories: await listMemories(this.prisma, user.id) };
  }
}
