import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, jitter, retryOnConflict, StreamWriteQueue, type Decider } from '@afterwards/server-kit';
import { CASE_MESSAGES, CaseError, caseStreamId, decideCase, evolveCase, initialCaseState, type CaseCommand, type CaseEvent, type CaseState } from '@afterwards/cases-domain';
import { ChangeCase, type CaseChangeResult } from './change-case.command';

export const caseDecider: Decider<CaseCommand, CaseEvent, CaseState> = {
  initialState: initialCaseState,
  decide: decideCase,
  evolve: evolveCase,
};

/** Append races with another API replica lost in a row before giving up (in this process writes queue). */
const MAX_ATTEMPTS = 8;

/**
 * Runs a case command. Commands are intents ('complete this task', not 'toggle'), and edits carry the
 * version their form was filled from, so a lost append race is safely decided again on the newer state:
 * a repeated intent decides nothing, a stale edit is refused by the domain (CASE_CHANGED, NOTE_CHANGED).
 * Nothing is overwritten silently and no update is lost.
 */
@CommandHandler(ChangeCase)
export class ChangeCaseHandler implements ICommandHandler<ChangeCase, CaseChangeResult> {
  /** Writes to one memory from this process run one at a time. */
  private readonly writes = new StreamWriteQueue();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ command, context }: ChangeCase): Promise<CaseChangeResult> {
    const streamId = caseStreamId(command.caseId);
    return this.writes.run(streamId, () =>
      retryOnConflict(
        async () => {
          const result = await executeCommand(this.store, streamId, caseDecider, command, context, {
            // Delete Forever: the tombstone and the erasure of everything before it are one append.
            eraseEarlier: command.type === 'DeleteCase',
            // One clock per change: the events' occurredAt is the command's own time.
            clock: { now: () => new Date(command.at) },
          });
          return { caseId: command.caseId, revision: result.revision, eventTypes: result.events.map((e) => e.type), position: result.position };
        },
        {
          maxAttempts: MAX_ATTEMPTS,
          // Still losing after several tries: say so in the person's words; the screen refreshes.
          giveUp: () => new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged),
          // Another replica is writing the same memory: step aside for a moment before deciding again.
          pause: jitter(5),
        },
      ),
    );
  }
}
