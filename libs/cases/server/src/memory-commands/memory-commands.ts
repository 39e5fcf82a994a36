import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import type { MemoryDetail } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, ProjectionsService, type CommandContext } from '@afterwards/server-kit';
import { clientIp, type CurrentUser } from '@afterwards/identity-server';
import { CASE_MESSAGES, type CaseCommand } from '@afterwards/cases-domain';
import { ChangeCase, type CaseChangeResult } from '../change-case/change-case.command';
import { memoriesProjection } from '../memories-projection/memories.projection';
import { getMemoryDetail } from '../read-model/memory.queries';

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A case command as a controller builds it: who acts and when are filled in here. */
export type OwnerCommand = Without<CaseCommand, 'actorId' | 'at'>;

export const notFound = (): ProblemError => new ProblemError(404, 'CASE_NOT_FOUND', CASE_MESSAGES.notFound);

/** What every memory route does with a command: run it as the signed-in owner, then read the result back. */
@Injectable()
export class MemoryCommands {
  constructor(
    private readonly commands: CommandBus,
    private readonly projections: ProjectionsService,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  context(user: CurrentUser, req: Request): CommandContext {
    const requestId = req.res?.getHeader('x-request-id');
    return {
      actor: user.id,
      ...(typeof requestId === 'string' ? { correlationId: requestId } : {}),
      ip: clientIp(req),
      ...(req.get('user-agent') ? { userAgent: req.get('user-agent') } : {}),
    };
  }

  run(user: CurrentUser, req: Request, command: OwnerCommand): Promise<CaseChangeResult> {
    const full = { ...command, actorId: user.id, at: new Date().toISOString() } as CaseCommand;
    return this.commands.execute(new ChangeCase(full, this.context(user, req)));
  }

  /** Waits until the read model holds the change (read-your-writes), so the screen gets what it just did. */
  async settled(result: CaseChangeResult): Promise<void> {
    if (result.position) await this.projections.waitUntilApplied(memoriesProjection.name, result.position);
  }

  async read(user: CurrentUser, caseId: string): Promise<MemoryDetail> {
    const detail = await getMemoryDetail(this.prisma, user.id, caseId);
    if (!detail) throw notFound();
    return detail;
  }

  async runAndRead(user: CurrentUser, req: Request, command: OwnerCommand): Promise<MemoryDetail> {
    const result = await this.run(user, req, command);
    await this.settled(result);
    return this.read(user, command.caseId);
  }
}
