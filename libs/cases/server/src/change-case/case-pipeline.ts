import { Inject, Injectable } from '@nestjs/common';
import type { EventStore } from '@afterwards/event-store';
import { CommandPipeline, EVENT_STORE, jitter, ProjectionsService, type AggregateCommands, type Decider } from '@afterwards/server-kit';
import { CASE_MESSAGES, CaseError, caseStreamId, decideCase, evolveCase, initialCaseState, type CaseCommand, type CaseEvent, type CaseState } from '@afterwards/cases-domain';
import { memoriesProjection } from '../memories-projection/memories.projection';

export const caseDecider: Decider<CaseCommand, CaseEvent, CaseState> = {
  initialState: initialCaseState,
  decide: decideCase,
  evolve: evolveCase,
};

/**
 * How a memory's commands run. Commands are intents ('complete this task', not 'toggle'), and edits carry the
 * version their form was filled from, so a lost append race is safely decided again on the newer state: a
 * repeated intent decides nothing, a stale edit is refused by the domain (CASE_CHANGED, NOTE_CHANGED).
 */
export function caseCommands(settle?: AggregateCommands<CaseCommand, CaseEvent, CaseState>['settle']): AggregateCommands<CaseCommand, CaseEvent, CaseState> {
  return {
    streamId: caseStreamId,
    decider: caseDecider,
    // Races with another API replica lost in a row before giving up; another replica writing the same memory
    // gets a moment to finish before deciding again.
    retry: { maxAttempts: 8, pause: jitter(5) },
    // Still losing after several tries: say so in the person's words; the screen refreshes.
    conflict: () => new CaseError('CASE_CHANGED', CASE_MESSAGES.caseChanged),
    // One clock per change: the events' occurredAt is the command's own time.
    clock: (command) => ({ now: () => new Date(command.at) }),
    // Delete Forever: the tombstone and the erasure of everything before it are one append.
    appendOptions: (command) => ({ eraseEarlier: command.type === 'DeleteCase' }),
    settle,
  };
}

/** The memories' command pipeline in the product: settled when the memories read model holds the change. */
@Injectable()
export class CasePipeline extends CommandPipeline<CaseCommand, CaseEvent, CaseState> {
  constructor(@Inject(EVENT_STORE) store: EventStore, projections: ProjectionsService) {
    super(
      store,
      caseCommands((position) => projections.waitUntilApplied(memoriesProjection.name, position)),
    );
  }
}
