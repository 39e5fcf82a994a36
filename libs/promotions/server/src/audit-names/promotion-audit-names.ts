import { Injectable } from '@nestjs/common';
import { TableAuditNames, uuidsOf, type RecordNamer } from '@afterwards/identity-server';
import { PROMOTIONS_TABLE } from '../staff-promotions/staff-promotions.service';

/** The audit log's name for a promotion: its business and plan, 'Hope Funeral Care, 30-day promotion'. */
@Injectable()
export class PromotionAuditNames extends TableAuditNames {
  protected namers(): Record<string, RecordNamer> {
    return {
      [PROMOTIONS_TABLE]: async (ids) => {
        const rows = await this.prisma.$queryRaw<{ id: string; name: string | null; plan: string }[]>`
          SELECT p.id::text, l.name, p.promotion_type AS plan FROM promotions p LEFT JOIN listings l ON l.id = p.listing_id WHERE p.id = ANY(${uuidsOf(ids)}::uuid[])`;
        return new Map(rows.map((r) => [r.id, `${r.name ?? 'A removed business'}, ${r.plan} promotion`]));
      },
    };
  }
}
