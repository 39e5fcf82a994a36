import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { StreamConflictError, type EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, type Decider } from '@afterwards/server-kit';
import { CASE_MESSAGES, CaseError, caseStreamId, decideCase, evolveCase, initialCaseState, type CaseCommand, type CaseEvent, type CaseState } from '@afterwards/cases-domain';
import { ChangeCase, type CaseChangeResult } from './change-case.command';

export const caseDecider: Decider<CaseCommand, CaseEvent, CaseState> = {
  initialState: initialCaseState,
  decide: decideCase,
  evolve: evolveCase,
};

/** Concurrent writers to one memory (two tabs) lose the append race at most this many times in a row. */
const MAX_ATTEMPTS = 5;

/**
 * Runs a case command. Commands are intents ('complete this task', not 'toggle'), and edits carry the
 * version their form was filled from, so a lost append race is safely decided again on the newer state:
 * a repeated intent decides nothing, a stale edit is refused by the domain (CASE_CHANGED, NOTE_CHANGED).
 * Nothing is overwritten silently and no update is lost.
 */
@CommandHandler(ChangeCase)
export class ChangeCaseHandler implements ICommandHandler<ChangeCase, CaseChangeResult> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute({ command, context }: ChangeCase): Promise<CaseChangeResult> {
    const streamId = caseStreamId(command.caseId);
    for (let attempt = 1; ; attempt++) {
      try {
        // Delete Forever: the tombstone and the erasure of everything before it are one append.
        const result = await executeCommand(this.store, streamId, caseDecider, command, context, { eraseEarlier: command.type === 'DeleteCase' });
        return { caseId: command.caseId, revision: result.revision, eventTypes: result.events.map((e) => e.type), position: result.position };
      } catch (error) {
        if (!(error instanceof StreamConflictError)) throw error;
        // Still losing after several tries: say so in the person's words; the screen refreshes.
        if (attempt >= MAX_ATTEMPTS) throw new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged);
      }
    }
  }
}
