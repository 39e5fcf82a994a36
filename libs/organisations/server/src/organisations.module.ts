import { Module, type DynamicModule, type Provider, type Type } from '@nestjs/common';
import { AUTH, SessionCache, type Auth } from '@afterwards/identity-server';
import { ORGANISATION_ERROR_STATUS } from '@afterwards/organisations-domain';
import { registerErrorCodes } from '@afterwards/server-kit';
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
import { STARTING_ORGANISATIONS } from './starting-organisations';

registerErrorCodes({ ...ORGANISATION_ERROR_STATUS, ORGANISATION_CHANGED: 409 });

/** The routes this context serves (only the API process serves HTTP). */
const controllers: Type[] = [SearchOrganisationsController, ListOrganisationsController, AddOrganisationController, EditOrganisationController, RetireOrganisationController];
const providers: Provider[] = [
  { provide: SessionCache, useFactory: (auth: Auth) => new SessionCache(auth), inject: [AUTH] },
  SearchOrganisationsHandler,
  ListOrganisationsHandler,
  StaffOrganisations,
  OrganisationDirectory,
  OrganisationAuditNames,
  { provide: STARTING_SET, useValue: STARTING_ORGANISATIONS },
];

/** Telling the organisations (issue 43): the organisation directory staff keep, and each memory's list. */
@Module({})
export class OrganisationsModule {
  static forRoot(role: 'api' | 'worker' | 'tools'): DynamicModule {
    return {
      module: OrganisationsModule,
      controllers: role === 'api' ? controllers : [],
      // The API seeds the starting set (the embedded profile's only process; every replica in production).
      providers: role === 'api' ? [...providers, SeedStartingDirectory] : providers,
      exports: [OrganisationDirectory],
    };
  }
}
