import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Jurisdiction, Organisation, OrganisationSearchResponse } from '@afterwards/contracts';
import { Prisma, type PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { organisationOf, searchTextOf, type OrganisationRow } from '../organisation-rows';
import { SearchOrganisations } from './search-organisations.query';

/** Words a search compares at most: a pasted paragraph costs no more than a name. */
const MAX_WORDS = 8;

/**
 * Active entries whose name has a word starting with each word typed ('nation' finds Nationwide, 'octopus en'
 * finds Octopus Energy), in the jurisdiction when one is given: the exact name first, then names that begin
 * with what was typed, then by name. Nothing typed: the first entries by name.
 */
export async function searchOrganisations(prisma: PrismaClient, q: string, jurisdiction: Jurisdiction | undefined, limit: number): Promise<Organisation[]> {
  const text = searchTextOf(q);
  const words = text ? text.split(' ').slice(0, MAX_WORDS) : [];
  const conditions = [Prisma.sql`status = 'Active'`];
  if (jurisdiction) conditions.push(Prisma.sql`${jurisdiction} = ANY(jurisdictions)`);
  for (const word of words) conditions.push(Prisma.sql`(' ' || search_name) LIKE ${`% ${escapeLike(word)}%`}`);
  const rows = await prisma.$queryRaw<{ id: string }[]>`
    SELECT id FROM organisations WHERE ${Prisma.join(conditions, ' AND ')}
    ORDER BY (search_name = ${text}) DESC, (search_name LIKE ${`${escapeLike(text)}%`}) DESC, name, id
    LIMIT ${Math.max(1, Math.min(limit, 100))}`;
  if (rows.length === 0) return [];
  const found = await prisma.organisation.findMany({ where: { id: { in: rows.map((r) => r.id) } } });
  const byId = new Map<string, OrganisationRow>(found.map((r) => [r.id, r]));
  return rows.flatMap((r) => {
    const row = byId.get(r.id);
    return row ? [organisationOf(row)] : [];
  });
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

@QueryHandler(SearchOrganisations)
export class SearchOrganisationsHandler implements IQueryHandler<SearchOrganisations> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute(query: SearchOrganisations): Promise<OrganisationSearchResponse> {
    return { organisations: await searchOrganisations(this.prisma, query.q, query.jurisdiction, query.limit) };
  }
}
