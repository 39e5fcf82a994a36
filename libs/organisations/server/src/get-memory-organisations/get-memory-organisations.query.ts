import { Query } from '@nestjs/cqrs';
import type { MemoryOrganisationsResponse } from '@afterwards/contracts';
import type { MemoryForPerson } from '@afterwards/cases-server';

/** A memory's organisations, for someone the route found may read them. */
export class GetMemoryOrganisations extends Query<MemoryOrganisationsResponse> {
  constructor(readonly memory: Pick<MemoryForPerson, 'id' | 'jurisdiction'>) {
    super();
  }
}
