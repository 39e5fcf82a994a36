import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { APP_CONFIG, registerErrorCodes, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';
import type { SqlClient } from '@afterwards/persistence';
import { resolveMasterKey } from '@afterwards/file-store';
import { MEMORY_ORGANISATION_ERROR_CODES } from '@afterwards/organisations-domain';
import { DIRECTORY_LOOKUP, MEMORY_ORGANISATIONS_SEALER } from './tokens';
import { MemoryOrganisationsSealer } from './sealing/memory-organisations-sealer';
import { ChangeMemoryOrganisationsHandler } from './change-memory-organisations/change-memory-organisations.handler';
import { GetMemoryOrganisationsHandler } from './get-memory-organisations/get-memory-organisations.handler';
import { GetMemoryOrganisationsController } from './get-memory-organisations/get-memory-organisations.http.controller';
import { MemoryOrganisationsRoutes } from './memory-organisations-routes/memory-organisations.routes';
import { GiveAnswersController } from './give-answers/give-answers.http.controller';
import { AddOrganisationController } from './add-organisation/add-organisation.http.controller';
import { startingDirectoryLookup } from './add-organisation/directory-lookup';
import { EditOrganisationController } from './edit-organisation/edit-organisation.http.controller';
import { RemoveOrganisationController } from './remove-organisation/remove-organisation.http.controller';
import { MemoryOrganisationsErasure } from './erase-memory-organisations/memory-organisations-erasure.service';

registerErrorCodes({ ...MEMORY_ORGANISATION_ERROR_CODES, ORGANISATION_NOT_FOUND: 404 });

/** The routes this context serves (only the API process serves HTTP). */
const controllers: Type[] = [GetMemoryOrganisationsController, GiveAnswersController, AddOrganisationController, EditOrganisationController, RemoveOrganisationController];

const sharedProviders: Provider[] = [
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
  { provide: DIRECTORY_LOOKUP, useValue: startingDirectoryLookup },
];

/** Telling the organisations (issue 43): the organisation directory staff keep, and each memory's list. */
@Module({})
export class OrganisationsModule {
  static forRoot(role: 'api' | 'worker' | 'tools'): DynamicModule {
    return {
      module: OrganisationsModule,
      controllers: role === 'api' ? controllers : [],
      // The erasure reactor runs beside the projections, in the API (as the file purge does).
      providers: [...sharedProviders, ...(role === 'api' ? [MemoryOrganisationsRoutes, MemoryOrganisationsErasure] : [])],
      exports: [],
    };
  }
}
