import { Command } from '@nestjs/cqrs';
import type { CaseCommand } from '@afterwards/cases-domain';
import type { Position } from '@afterwards/event-store';
import type { CommandContext } from '@afterwards/server-kit';

export interface CaseChangeResult {
  readonly caseId: string;
  readonly revision: bigint;
  readonly eventTypes: string[];
  /** Where the last appended event landed; undefined when the command changed nothing. */
  readonly position?: Position;
}

/** Any change to a memory, its checklist, files or notes, by its owner. */
export class ChangeCase extends Command<CaseChangeResult> {
  constructor(
    readonly command: CaseCommand,
    readonly context: CommandContext,
  ) {
    super();
  }
}
