import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { MemoryOrganisationsResponse } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT } from '@afterwards/server-kit';
import { isoDateIn } from '@afterwards/checklist-domain';
import { MEMORY_ORGANISATIONS_SEALER } from '../tokens';
import type { MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';
import { GetMemoryOrganisations } from './get-memory-organisations.query';
import { readMemoryOrganisations } from './memory-organisations.read';

@QueryHandler(GetMemoryOrganisations)
export class GetMemoryOrganisationsHandler implements IQueryHandler<GetMemoryOrganisations, MemoryOrganisationsResponse> {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(MEMORY_ORGANISATIONS_SEALER) private readonly sealer: MemoryOrganisationsSealer,
  ) {}

  execute({ memory }: GetMemoryOrganisations): Promise<MemoryOrganisationsResponse> {
    // 'Waiting' is a rule of today, UK time: worked out on each read, never stored.
    return readMemoryOrganisations(this.sql, this.sealer, memory, isoDateIn(new Date()));
  }
}
