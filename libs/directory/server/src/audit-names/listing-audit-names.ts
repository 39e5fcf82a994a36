import { Injectable } from '@nestjs/common';
import { TableAuditNames, uuidsOf, type RecordNamer } from '@afterwards/identity-server';
import { IMPORTS_TABLE } from '../imports/csv-imports.http.controller';
import { LISTINGS_TABLE } from '../staff-listings/staff-listings.service';

/** The audit log's names for the directory's records: a listing by its business name, an import by its file. */
@Injectable()
export class ListingAuditNames extends TableAuditNames {
  protected namers(): Record<string, RecordNamer> {
    return {
      [LISTINGS_TABLE]: async (ids) => {
        const rows = await this.prisma.$queryRaw<{ id: string; name: string }[]>`SELECT id::text, name FROM listings WHERE id = ANY(${uuidsOf(ids)}::uuid[])`;
        return new Map(rows.map((r) => [r.id, r.name]));
      },
      [IMPORTS_TABLE]: async (ids) => {
        const rows = await this.prisma.$queryRaw<{ id: string; file_name: string }[]>`SELECT id::text, file_name FROM listing_imports WHERE id = ANY(${uuidsOf(ids)}::uuid[])`;
        return new Map(rows.map((r) => [r.id, `Import of ${r.file_name}`]));
      },
    };
  }
}
