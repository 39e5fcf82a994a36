import { Query } from '@nestjs/cqrs';
import type { Jurisdiction, OrganisationSearchResponse } from '@afterwards/contracts';

/** A family's search of the directory while adding an organisation to a memory's list. */
export class SearchOrganisations extends Query<OrganisationSearchResponse> {
  constructor(
    readonly q: string,
    readonly jurisdiction: Jurisdiction | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
