import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@afterwards/event-store';
import { EVENT_STORE, executeCommand, jitter, retryOnConflict, StreamWriteQueue, type Decider } from '@afterwards/server-kit';
import {
  decideMemoryOrganisations,
  evolveMemoryOrganisations,
  initialMemoryOrganisationsState,
  MEMORY_ORGANISATION_MESSAGES,
  MemoryOrganisationError,
  memoryOrganisationsStreamId,
  type MemoryOrganisationsCommand,
  type MemoryOrganisationsEvent,
  type MemoryOrganisationsState,
} from '@afterwards/organisations-domain';
import { ChangeMemoryOrganisations, type MemoryOrganisationsChangeResult } from './change-memory-organisations.command';

export const memoryOrganisationsDecider: Decider<MemoryOrganisationsCommand, MemoryOrganisationsEvent, MemoryOrganisationsState> = {
  initialState: initialMemoryOrganisationsState,
  decide: decideMemoryOrganisations,
  evolve: evolveMemoryOrganisations,
};

/** Append races with another API replica lost in a row before giving up (in this process writes queue). */
const MAX_ATTEMPTS = 8;

/**
 * Runs a command on a memory's organisations. Commands are intents and edits carry the entry's version, so
 * a lost append race is safely decided again on the newer state: a repeated intent decides nothing, a stale
 * edit is refused by the domain (MEMORY_ORGANISATION_CHANGED). Nothing is overwritten silently.
 */
@CommandHandler(ChangeMemoryOrganisations)
export class ChangeMemoryOrganisationsHandler implements ICommandHandler<ChangeMemoryOrganisations, MemoryOrganisationsChangeResult> {
  /** Writes to one memory's list from this process run one at a time. */
  private readonly writes = new StreamWriteQueue();

  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  execute({ command, context, eraseEarlier }: ChangeMemoryOrganisations): Promise<MemoryOrganisationsChangeResult> {
    const streamId = memoryOrganisationsStreamId(command.caseId);
    return this.writes.run(streamId, () =>
      retryOnConflict(
        async () => {
          const result = await executeCommand(this.store, streamId, memoryOrganisationsDecider, command, context, eraseEarlier ? { eraseEarlier } : {});
          return { caseId: command.caseId, eventTypes: result.events.map((e) => e.type), position: result.position };
        },
        {
          maxAttempts: MAX_ATTEMPTS,
          giveUp: () => new MemoryOrganisationError('MEMORY_ORGANISATION_CHANGED', MEMORY_ORGANISATION_MESSAGES.changed),
          pause: jitter(5),
        },
      ),
    );
  }
}
