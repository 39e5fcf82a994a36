import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { EventStore } from '@afterwards/event-store';
import { CommandPipeline, EVENT_STORE, jitter, type AggregateCommands, type Decider } from '@afterwards/server-kit';
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

/**
 * How a memory's organisations' commands run (decision 0054). Commands are intents and edits carry the entry's
 * version, so a lost append race is safely decided again on the newer state: a repeated intent decides
 * nothing, a stale edit is refused by the domain (MEMORY_ORGANISATION_CHANGED). Nothing is overwritten silently.
 */
export function memoryOrganisationsCommands(): AggregateCommands<MemoryOrganisationsCommand, MemoryOrganisationsEvent, MemoryOrganisationsState> {
  return {
    streamId: memoryOrganisationsStreamId,
    decider: memoryOrganisationsDecider,
    // Races with another API replica lost in a row before giving up (in this process writes queue).
    retry: { maxAttempts: 8, pause: jitter(5) },
    conflict: () => new MemoryOrganisationError('MEMORY_ORGANISATION_CHANGED', MEMORY_ORGANISATION_MESSAGES.changed),
    // Delete Forever: the tombstone replaces the stream's whole history in one append.
    appendOptions: (command) => ({ eraseEarlier: command.type === 'EraseMemoryOrganisations' }),
  };
}

/** Any change to a memory's organisations, through the one command pipeline. */
@CommandHandler(ChangeMemoryOrganisations)
export class ChangeMemoryOrganisationsHandler implements ICommandHandler<ChangeMemoryOrganisations, MemoryOrganisationsChangeResult> {
  private readonly pipeline: CommandPipeline<MemoryOrganisationsCommand, MemoryOrganisationsEvent, MemoryOrganisationsState>;

  constructor(@Inject(EVENT_STORE) store: EventStore) {
    this.pipeline = new CommandPipeline(store, memoryOrganisationsCommands());
  }

  async execute({ command, context }: ChangeMemoryOrganisations): Promise<MemoryOrganisationsChangeResult> {
    const result = await this.pipeline.run(command.caseId, command, context);
    return { caseId: command.caseId, eventTypes: result.events.map((e) => e.type), position: result.position };
  }
}
