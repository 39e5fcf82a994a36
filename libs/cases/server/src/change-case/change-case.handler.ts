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
  /** The last command queued per memory: writes to one memory from this process run one at a time. */
  private readonly queues = new Map<string, Promise<unknown>>();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute(change: ChangeCase): Promise<CaseChangeResult> {
    const streamId = caseStreamId(change.command.caseId);
    const previous = this.queues.get(streamId) ?? Promise.resolve();
    const run = previous.then(
      () => this.decideAndAppend(streamId, change),
      () => this.decideAndAppend(streamId, change),
    );
    this.queues.set(streamId, run);
    // Forget the queue once it drains, so the map holds only memories being written right now.
    const settle = () => {
      if (this.queues.get(streamId) === run) this.queues.delete(streamId);
    };
    run.then(settle, settle);
    return run;
  }

  private async decideAndAppend(streamId: string, { command, context }: ChangeCase): Promise<CaseChangeResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        // Delete Forever: the tombstone and the erasure of everything before it are one append.
        const result = await executeCommand(this.store, streamId, caseDecider, command, context, {
          eraseEarlier: command.type === 'DeleteCase',
          // One clock per change: the events' occurredAt is the command's own time.
          clock: { now: () => new Date(command.at) },
        });
        return { caseId: command.caseId, revision: result.revision, eventTypes: result.events.map((e) => e.type), position: result.position };
      } catch (error) {
        if (!(error instanceof StreamConflictError)) throw error;
        // Still losing after several tries: say so in the person's words; the screen refreshes.
        if (attempt >= MAX_ATTEMPTS) throw new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged);
        // Another replica is writing the same memory: step aside for a moment before deciding again.
        await new Promise((resolve) => setTimeout(resolve, Math.random() * 5 * attempt));
      }
    }
  }
}
