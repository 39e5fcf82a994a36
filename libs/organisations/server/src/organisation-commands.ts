import type { EventStore } from '@afterwards/event-store';
import {
  decideOrganisation,
  evolveOrganisation,
  initialOrganisationState,
  organisationStreamId,
  type OrganisationCommand,
  type OrganisationEvent,
  type OrganisationState,
} from '@afterwards/organisations-domain';
import { executeCommand, retryOnConflict, type Clock, type CommandContext, type Decider, type ExecuteResult } from '@afterwards/server-kit';

export const organisationDecider: Decider<OrganisationCommand, OrganisationEvent, OrganisationState> = {
  initialState: initialOrganisationState,
  decide: decideOrganisation,
  evolve: evolveOrganisation,
};

/** The actor of the product's own work (seeding the starting set). */
export const SYSTEM_ACTOR = 'system:organisations';

/**
 * The one place an organisation command is run, so moving every context to a shared command path is a
 * change here only. Staff commands carry the revision the person saw (a newer one is a StreamConflictError);
 * `newStream` appends only if the stream does not exist yet; without either, a lost append race is decided
 * again on the newer state.
 */
export function runOrganisationCommand(
  store: EventStore,
  organisationId: string,
  command: OrganisationCommand,
  context: CommandContext,
  options: { expectedRevision?: bigint; newStream?: boolean; clock?: Clock } = {},
): Promise<ExecuteResult<OrganisationEvent>> {
  const run = () => executeCommand(store, organisationStreamId(organisationId), organisationDecider, command, context, options);
  return options.expectedRevision === undefined && !options.newStream ? retryOnConflict(run, { maxAttempts: 5 }) : run();
}
