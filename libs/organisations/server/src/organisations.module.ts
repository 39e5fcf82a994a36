import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { DirectoryModule } from '@afterwards/directory-server';
import { APP_CONFIG, registerErrorCodes, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';
import type { SqlClient } from '@afterwards/persistence';
import { resolveMasterKey } from '@afterwards/file-store';
import { MEMORY_ORGANISATION_ERROR_CODES, ORGANISATION_ERROR_STATUS, STARTING_DIRECTORY } from '@afterwards/organisations-domain';
import { AddOrganisationController } from './add-organisation/add-organisation.http.controller';
import { OrganisationAuditNames } from './audit-names/organisation-audit-names';
import { EditOrganisationController } from './edit-organisation/edit-organisation.http.controller';
import { ListOrganisationsHandler } from './list-organisations/list-organisations.handler';
import { ListOrganisationsController } from './list-organisations/list-organisations.http.controller';
import { OrganisationDirectory } from './organisation-directory/organisation-directory';
import { RetireOrganisationController } from './retire-organisation/retire-organisation.http.controller';
import { SearchOrganisationsHandler } from './search-organisations/search-organisations.handler';
import { SearchOrganisationsController } from './search-organisations/search-organisations.http.controller';
import { SeedStartingDirectory, STARTING_SET } from './seed-starting-directory/seed-starting-directory';
import { StaffOrganisations } from './staff-organisations.service';
import { OrganisationPipeline } from './organisation-commands';
import { MEMORY_ORGANISATIONS_SEALER } from './tokens';
import { MemoryOrganisationsSealer } from './sealing/memory-organisations-sealer';
import { ChangeMemoryOrganisationsHandler } from './change-memory-organisations/change-memory-organisations.handler';
import { GetMemoryOrganisationsHandler } from './get-memory-organisations/get-memory-organisations.handler';
import { GetMemoryOrganisationsController } from './get-memory-organisations/get-memory-organisations.http.controller';
import { MemoryOrganisationsRoutes } from './memory-organisations-routes/memory-organisations.routes';
import { GiveAnswersController } from './give-answers/give-answers.http.controller';
import { AddMemoryOrganisationController } from './add-memory-organisation/add-memory-organisation.http.controller';
import { EditMemoryOrganisationController } from './edit-memory-organisation/edit-memory-organisation.http.controller';
import { RemoveOrganisationController } from './remove-organisation/remove-organisation.http.controller';
import { MemoryOrganisationsErasure } from './erase-memory-organisations/memory-organisations-erasure.service';
import { LastAddressController } from './give-answers/last-address.http.controller';
import { LettersController } from './letters/letters.http.controller';
import { MemoryOrganisationsExport } from './export-organisations/memory-organisations.export';
import { MissingOrganisationsController } from './missing-organisations/missing-organisations.http.controller';
import { OrganisationsImportKind } from './import-organisations-csv/organisations-import-kind';

registerErrorCodes({ ...ORGANISATION_ERROR_STATUS, ORGANISATION_CHANGED: 409, ...MEMORY_ORGANISATION_ERROR_CODES });

/** The routes this context serves (only the API process serves HTTP). */
const controllers: Type[] = [
  // Before the staff routes with an :id, so 'missing' is never taken for one.
  MissingOrganisationsController,
  SearchOrganisationsController,
  ListOrganisationsController,
  AddOrganisationController,
  EditOrganisationController,
  RetireOrganisationController,
  GetMemoryOrganisationsController,
  GiveAnswersController,
  LastAddressController,
  AddMemoryOrganisationController,
  EditMemoryOrganisationController,
  RemoveOrganisationController,
  LettersController,
];
// SessionCache comes from the cases module (global), so erasing an account forgets its sessions here too.
const providers: Provider[] = [
  SearchOrganisationsHandler,
  ListOrganisationsHandler,
  StaffOrganisations,
  OrganisationPipeline,
  OrganisationDirectory,
  OrganisationAuditNames,
  { provide: STARTING_SET, useValue: STARTING_DIRECTORY },
  {
    // Each memory's key is wrapped by the file store's master key (FILE_STORE_KEY, or the embedded one).
    provide: MEMORY_ORGANISATIONS_SEALER,
    useFactory: (config: AppConfig, sql: SqlClient) => {
      let master: Buffer | undefined;
      return new MemoryOrganisationsSealer(sql, () => (master ??= resolveMasterKey(config)));
    },
    inject: [APP_CONFIG, SQL_CLIENT],
  },
  ChangeMemoryOrganisationsHandler,
  GetMemoryOrganisationsHandler,
  // Its part of 'Download everything', in whichever process prepares the zip (the worker, or the API embedded).
  MemoryOrganisationsExport,
  // Organisations are a kind of the directory's CSV import: the API checks uploads, the worker runs the job.
  OrganisationsImportKind,
];

/** Telling the organisations (issue 43): the organisation directory staff keep, and each memory's list. */
@Module({})
export class OrganisationsModule {
  static forRoot(role: 'api' | 'worker' | 'tools'): DynamicModule {
    return {
      module: OrganisationsModule,
      imports: [DirectoryModule],
      controllers: role === 'api' ? controllers : [],
      // The API seeds the starting set (the embedded profile's only process; every replica in production), and
      // runs the erasure reactor beside the projections (as the file purge does).
      providers: role === 'api' ? [...providers, SeedStartingDirectory, MemoryOrganisationsRoutes, MemoryOrganisationsErasure] : providers,
      exports: [OrganisationDirectory],
    };
  }
}
