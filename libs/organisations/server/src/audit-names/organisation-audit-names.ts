import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditRecordNames } from '@afterwards/identity-server';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { ORGANISATIONS_TABLE } from '../staff-organisations.service';

/** The audit log's name for a directory entry: the organisation's name. */
@Injectable()
export class OrganisationAuditNames implements OnModuleInit {
  constructor(
    private readonly names: AuditRecordNames,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  onModuleInit(): void {
    this.names.add(ORGANISATIONS_TABLE, async (ids) => {
      const rows = await this.prisma.organisation.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
      return new Map(rows.map((r) => [r.id, r.name]));
    });
  }
}
