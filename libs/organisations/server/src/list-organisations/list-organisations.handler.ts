import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AdminOrganisationList } from '@afterwards/contracts';
import type { Prisma, PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { adminOrganisationOf, searchTextOf } from '../organisation-rows';
import { ListOrganisations } from './list-organisations.query';

/** The directory is a few hundred entries: staff get them all, by name, without paging. */
const MAX_ROWS = 2_000;

@QueryHandler(ListOrganisations)
export class ListOrganisationsHandler implements IQueryHandler<ListOrganisations> {
  constructor(@Inject(PRISMA) private readonly prisma: PrismaClient) {}

  async execute({ filter }: ListOrganisations): Promise<AdminOrganisationList> {
    const text = searchTextOf(filter.q ?? '');
    const where: Prisma.OrganisationWhereInput = {
      ...(filter.kind ? { kind: filter.kind } : {}),
      ...(filter.status ? { status: filter.status } : {}),
      ...(text ? { AND: text.split(' ').map((word) => ({ searchName: { contains: word } })) } : {}),
    };
    const [rows, counts] = await Promise.all([
      this.prisma.organisation.findMany({ where, orderBy: [{ name: 'asc' }, { id: 'asc' }], take: MAX_ROWS }),
      this.prisma.organisation.groupBy({ by: ['status'], _count: { _all: true } }),
    ]);
    const count = (status: string) => counts.find((c) => c.status === status)?._count._all ?? 0;
    return { organisations: rows.map(adminOrganisationOf), counts: { active: count('Active'), retired: count('Retired') } };
  }
}
