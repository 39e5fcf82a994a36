import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import type { Request } from 'express';
import { CreateMemoryRequestSchema, type MemoryDetail } from '@afterwards/contracts';
import { AUTH, requireUser, type Auth } from '@afterwards/identity-server';
import { MemoryCommands } from '../memory-commands/memory-commands';

/** Create New Memory: one command opens the memory and generates its checklist together. */
@Controller('api/memories')
export class OpenMemoryController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    private readonly memories: MemoryCommands,
  ) {}

  @Post()
  @HttpCode(201)
  async open(@Req() req: Request, @Body() body: unknown): Promise<MemoryDetail> {
    const user = await requireUser(this.auth, req);
    const details = CreateMemoryRequestSchema.parse(body ?? {});
    return this.memories.runAndRead(user, req, { type: 'OpenCase', caseId: randomUUID(), details, ids: randomUUID });
  }
}
