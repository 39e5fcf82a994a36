import { Controller, Get, Inject, Param, Req } from '@nestjs/common';
import type { Request } from 'express';
import type { MemoryDetail } from '@afterwards/contracts';
import { AUTH, requireUser, type Auth } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Opening a memory: its details, whole checklist, files and notes. Someone else's memory is 404. */
@Controller('api/memories')
export class GetMemoryController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    private readonly memories: MemoryCommands,
  ) {}

  @Get(':id')
  async get(@Req() req: Request, @Param('id') id: string): Promise<MemoryDetail> {
    const user = await requireUser(this.auth, req);
    return this.memories.read(user, id);
  }
}
