import { Query } from '@nestjs/cqrs';
import type { AdminOrganisationList, AdminOrganisationListQuery } from '@afterwards/contracts';

/** Staff list the directory: every entry, retired ones too, filtered by name, kind and status. */
export class ListOrganisations extends Query<AdminOrganisationList> {
  constructor(readonly filter: AdminOrganisationListQuery) {
    super();
  }
}
