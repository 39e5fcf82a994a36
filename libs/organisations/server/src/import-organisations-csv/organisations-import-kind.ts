import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { ORGANISATION_CSV_OPTIONAL_HEADERS, ORGANISATION_CSV_REQUIRED_HEADERS, type OrganisationRequest } from '@afterwards/contracts';
import { IMPORT_RUNTIME, importOutcomesOf, type CsvImportKind, type ImportRuntime } from '@afterwards/directory-server';
import type { EventStore } from '@afterwards/event-store';
import { checkOrganisationCsvRow, OrganisationError, organisationStreamId, type OrganisationCommand, type OrganisationEvent, type OrganisationState } from '@afterwards/organisations-domain';
import { CommandPipeline, EVENT_STORE } from '@afterwards/server-kit';
import { organisationCommands } from '../organisation-commands';

type Pipeline = Pick<CommandPipeline<OrganisationCommand, OrganisationEvent, OrganisationState>, 'createMany'>;

/**
 * Organisations as a kind of the directory's CSV import (decision 0060): the same upload, check, job and
 * record as listings. A row is the AddOrganisation the staff form would send, its id the row's key or made
 * from its name, so a row imported again finds its entry there and is counted as already imported.
 */
export function organisationsImportKind(pipeline: Pipeline): CsvImportKind<OrganisationRequest> {
  return {
    kind: 'organisations',
    requiredHeaders: ORGANISATION_CSV_REQUIRED_HEADERS,
    optionalHeaders: ORGANISATION_CSV_OPTIONAL_HEADERS,
    rowRules: async () => (record, row) => {
      const result = checkOrganisationCsvRow(record, row);
      return result.ok ? { ok: true, entryId: result.organisationId, submission: result.details } : result;
    },
    streamId: organisationStreamId,
    async submitMany(rows, context) {
      // Only ever creating streams, in one append: an entry added in between is refused by the store.
      const outcomes = await pipeline.createMany(
        rows.map(({ entryId, submission, importRow }) => ({ id: entryId, command: { type: 'AddOrganisation', organisationId: entryId, details: submission, importRow } })),
        context,
      );
      return importOutcomesOf(outcomes, OrganisationError);
    },
  };
}

/** Tells the import pipeline of this kind, in every process that checks or runs imports (API and worker). */
@Injectable()
export class OrganisationsImportKind implements OnModuleInit {
  constructor(
    @Inject(IMPORT_RUNTIME) private readonly imports: ImportRuntime,
    @Inject(EVENT_STORE) private readonly store: EventStore,
  ) {}

  onModuleInit(): void {
    // Not settled on the read model: the job runs in the worker, and the import's own progress is the answer.
    this.imports.kinds.register(organisationsImportKind(new CommandPipeline(this.store, organisationCommands())));
  }
}
