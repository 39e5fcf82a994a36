import { Injectable } from '@nestjs/common';
import { TableAuditNames, type RecordNamer } from '@afterwards/identity-server';
import { ORGANISATIONS_TABLE } from '../staff-organisations.service';

/** The audit log's name for a directory entry: the organisation's name. */
@Injectable()
export class OrganisationAuditNames extends TableAuditNames {
  protected namers(): Record<string, RecordNamer> {
    return {
      [ORGANISATIONS_TABLE]: async (ids) => {
        const rows = await this.prisma.organisation.findMany({ where: { id: { in: [...ids] } }, select: { id: true, name: true } });
        return new Map(rows.map((r) => [r.id, r.name]));
      },
    };
  }
}
