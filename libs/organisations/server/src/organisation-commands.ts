import { Inject, Injectable } from '@nestjs/common';
import { ORGANISATION_MESSAGES } from '@afterwards/contracts';
import type { EventStore } from '@afterwards/event-store';
import {
  decideOrganisation,
  evolveOrganisation,
  initialOrganisationState,
  OrganisationError,
  ORGANISATION_ERROR_STATUS,
  organisationStreamId,
  type OrganisationCommand,
  type OrganisationEvent,
  type OrganisationState,
} from '@afterwards/organisations-domain';
import { CommandPipeline, EVENT_STORE, ProblemError, ProjectionsService, type AggregateCommands } from '@afterwards/server-kit';
import { organisationsProjection } from './organisations-projection/organisations.projection';

/** The actor of the product's own work (seeding the starting set). */
export const SYSTEM_ACTOR = 'system:organisations';

/**
 * How an organisation's commands run (decision 0054): an addition only ever creates its stream (one already
 * there is ORGANISATION_ALREADY_EXISTS); a change on an older version, or on no entry, is a 409 or 404 in
 * words; a lost race without a version is decided again.
 */
export function organisationCommands(
  settle?: AggregateCommands<OrganisationCommand, OrganisationEvent, OrganisationState>['settle'],
): AggregateCommands<OrganisationCommand, OrganisationEvent, OrganisationState> {
  return {
    streamId: organisationStreamId,
    decider: { initialState: initialOrganisationState, decide: decideOrganisation, evolve: evolveOrganisation },
    retry: { maxAttempts: 5 },
    appendOptions: (command) => ({ newStream: command.type === 'AddOrganisation' }),
    conflict: (error, _id, command) => {
      if (command?.type === 'AddOrganisation') return new ProblemError(409, 'ORGANISATION_ALREADY_EXISTS', ORGANISATION_MESSAGES.alreadyExists);
      if (error.actual === 'no_stream') return new ProblemError(404, 'ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
      return new ProblemError(409, 'ORGANISATION_CHANGED', ORGANISATION_MESSAGES.changed);
    },
    refusal: (error) =>
      error instanceof OrganisationError ? new ProblemError(ORGANISATION_ERROR_STATUS[error.code], error.code, error.message, error.errors.length ? [...error.errors] : undefined) : error,
    settle,
  };
}

/** The organisations' command pipeline in the product: settled when the directory's read model holds the change. */
@Injectable()
export class OrganisationPipeline extends CommandPipeline<OrganisationCommand, OrganisationEvent, OrganisationState> {
  constructor(@Inject(EVENT_STORE) store: EventStore, @Inject(ProjectionsService) projections: Pick<ProjectionsService, 'waitUntilApplied'>) {
    super(store, organisationCommands((position) => projections.waitUntilApplied(organisationsProjection.name, position)));
  }
}
