import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { AuditRecordNames, uuidsOf } from '@afterwards/identity-server';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';
import { IMPORTS_TABLE } from '../imports/csv-imports.http.controller';
import { LISTINGS_TABLE } from '../staff-listings/staff-listings.service';

/** The audit log's names for the directory's records: a listing by its business name, an import by its file. */
@Injectable()
export class ListingAuditNames implements OnModuleInit {
  constructor(
    private readonly names: AuditRecordNames,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  onModuleInit(): void {
    this.names.add(LISTINGS_TABLE, async (ids) => {
      const rows = await this.prisma.$queryRaw<{ id: string; name: string }[]>`SELECT id::text, name FROM listings WHERE id = ANY(${uuidsOf(ids)}::uuid[])`;
      return new Map(rows.map((r) => [r.id, r.name]));
    });
    this.names.add(IMPORTS_TABLE, async (ids) => {
      const rows = await this.prisma.$queryRaw<{ id: string; file_name: string }[]>`SELECT id::text, file_name FROM listing_imports WHERE id = ANY(${uuidsOf(ids)}::uuid[])`;
      return new Map(rows.map((r) => [r.id, `Import of ${r.file_name}`]));
    });
  }
}
