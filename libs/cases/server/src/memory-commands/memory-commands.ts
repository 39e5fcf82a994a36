import { Injectable } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { MemoryDetail } from '@afterwards/contracts';
import { headerOf, requestIdsOf, type CommandContext, type HttpRequest } from '@afterwards/server-kit';
import { clientIp, SessionCache, type CurrentUser } from '@afterwards/identity-server';
import type { CaseCommand } from '@afterwards/cases-domain';
import { ChangeCase, type CaseChangeResult } from '../change-case/change-case.command';
import { CasePipeline } from '../change-case/case-pipeline';
import { GetMemory } from '../get-memory/get-memory.query';

type Without<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;
/** A case command as a controller builds it: who acts and when are filled in here. */
export type OwnerCommand = Without<CaseCommand, 'actorId' | 'at'>;

/**
 * What every memory route does with a command: run it as the signed-in owner and, for the routes that answer
 * with the memory, wait for the read model and ask the GetMemory query. Reads themselves are queries.
 */
@Injectable()
export class MemoryCommands {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly pipeline: CasePipeline,
    private readonly sessions: SessionCache,
  ) {}

  context(user: CurrentUser, req: HttpRequest): CommandContext {
    const correlationId = requestIdsOf(req)?.correlationId;
    const userAgent = headerOf(req, 'user-agent');
    return {
      actor: user.id,
      ...(correlationId ? { correlationId } : {}),
      ip: clientIp(req),
      ...(userAgent ? { userAgent } : {}),
    };
  }

  run(user: CurrentUser, req: HttpRequest, command: OwnerCommand): Promise<CaseChangeResult> {
    // The one clock reading of this change: the command's time, and (in the handler) its events' occurredAt.
    const full = { ...command, actorId: user.id, at: new Date().toISOString() } as CaseCommand;
    return this.commands.execute(new ChangeCase(full, this.context(user, req)));
  }

  /** Waits until the read model holds the change (read-your-writes), so the screen gets what it just did. */
  settled(result: CaseChangeResult): Promise<void> {
    return this.pipeline.settled(result.position);
  }

  async runAndRead(user: CurrentUser, req: HttpRequest, command: OwnerCommand): Promise<MemoryDetail> {
    const result = await this.run(user, req, command);
    await this.settled(result);
    return this.queries.execute(new GetMemory(user.id, command.caseId));
  }

  /**
   * A memory route's whole work: the signed-in caller (401 otherwise) runs the command and gets the memory
   * back. A command read from the body is passed as a function, so it is parsed only once the caller is known
   * (a signed-out request is 401, never 400).
   */
  async runAndReadForCaller(req: HttpRequest, command: OwnerCommand | (() => OwnerCommand)): Promise<MemoryDetail> {
    const user = await this.sessions.requireUser(req);
    return this.runAndRead(user, req, typeof command === 'function' ? command() : command);
  }
}
