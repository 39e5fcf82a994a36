import { Inject, Injectable } from '@nestjs/common';
import type { Jurisdiction, Organisation } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { organisationOf } from '../organisation-rows';
import { searchOrganisations } from '../search-organisations/search-organisations.handler';

/**
 * The directory as other parts of the organisations context read it: a memory's list copies an entry when
 * a family adds it. `find` answers retired entries too (a list may already hold one); `search` does not.
 */
@Injectable()
export class OrganisationDirectory {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async find(id: string): Promise<Organisation | null> {
    const row = await this.prisma.organisation.findUnique({ where: { id } });
    return row ? organisationOf(row) : null;
  }

  /** An entry a family may add now: a retired one is no longer offered, even asked for by its id. */
  async offered(id: string): Promise<Organisation | null> {
    const row = await this.prisma.organisation.findFirst({ where: { id, status: 'Active' } });
    return row ? organisationOf(row) : null;
  }

  search(q: string, jurisdiction: Jurisdiction | undefined, limit: number): Promise<Organisation[]> {
    return searchOrganisations(this.prisma, q, jurisdiction, limit);
  }
}
