import { Command } from '@nestjs/cqrs';
import type { Position } from '@afterwards/event-store';
import type { CommandContext } from '@afterwards/server-kit';
import type { MemoryOrganisationsCommand } from '@afterwards/organisations-domain';

export interface MemoryOrganisationsChangeResult {
  readonly caseId: string;
  readonly eventTypes: string[];
  /** Where the last appended event landed; undefined when the command changed nothing. */
  readonly position?: Position;
}

/** Any change to a memory's organisations, by someone the route found may make it. */
export class ChangeMemoryOrganisations extends Command<MemoryOrganisationsChangeResult> {
  constructor(
    readonly command: MemoryOrganisationsCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}
