import { Inject, Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { Request } from 'express';
import { memoryMay, type MemoryAction, type MemoryOrganisationsResponse } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, ProjectionsService, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache, type CurrentUser } from '@afterwards/identity-server';
import { memoryForPerson, MemoryCommands, type MemoryForPerson } from '@afterwards/cases-server';
import { CASE_MESSAGES } from '@afterwards/cases-domain';
import type { MemoryOrganisationsCommand } from '@afterwards/organisations-domain';
import { ChangeMemoryOrganisations, type MemoryOrganisationsChangeResult } from '../change-memory-organisations/change-memory-organisations.command';
import { GetMemoryOrganisations } from '../get-memory-organisations/get-memory-organisations.query';
import { MEMORY_ORGANISATIONS_PROJECTION } from '../memory-organisations-projection/memory-organisations.projection';

/** Someone on a memory, allowed the action they asked for. */
export interface MemoryOrganisationsCaller {
  readonly user: CurrentUser;
  readonly memory: MemoryForPerson;
}

/**
 * What every route of a memory's organisations does: find who is asking and what they are to the memory
 * (the one rule, `memoryMay`: owners and editors change, viewers read, anyone else finds no such memory),
 * run a command as them, wait until the read model holds it, and answer with the list as it now is.
 */
@Injectable()
export class MemoryOrganisationsRoutes {
  constructor(
    private readonly sessions: SessionCache,
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly projections: ProjectionsService,
    /** The memories' own way of saying who acts from a request (actor, correlation, address, browser). */
    private readonly memories: MemoryCommands,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  async caller(req: HttpRequest, caseId: string, action: MemoryAction): Promise<MemoryOrganisationsCaller> {
    const user = await this.sessions.requireUser(req);
    const memory = await memoryForPerson(this.prisma, user.id, caseId);
    // Not on it (or no such memory): the same answer, so nobody learns which memories exist.
    if (!memory || !memoryMay(memory.role, 'read')) throw new ProblemError(404, 'CASE_NOT_FOUND', CASE_MESSAGES.notFound);
    if (!memoryMay(memory.role, action)) throw new ProblemError(403, 'CASE_READ_ONLY', CASE_MESSAGES.readOnly);
    return { user, memory };
  }

  read(memory: MemoryForPerson): Promise<MemoryOrganisationsResponse> {
    return this.queries.execute(new GetMemoryOrganisations(memory));
  }

  /** Runs the command, waits for the read model (read-your-writes) and answers with the list. */
  async change(caller: MemoryOrganisationsCaller, req: Request, command: MemoryOrganisationsCommand): Promise<MemoryOrganisationsResponse> {
    const result: MemoryOrganisationsChangeResult = await this.commands.execute(new ChangeMemoryOrganisations(command, this.memories.context(caller.user, req)));
    if (result.position) await this.projections.waitUntilApplied(MEMORY_ORGANISATIONS_PROJECTION, result.position);
    return this.read(caller.memory);
  }
}
