import { Body, Controller, HttpCode, Inject, Logger, Post, Req } from '@nestjs/common';
import { BulkListingRequestSchema, type BulkListingResponse, type BulkListingResult } from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import { comparePositions, type Position } from '@afterwards/event-store';
import { AuditTrail } from '@afterwards/identity-server';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, type HttpRequest } from '@afterwards/server-kit';
import { findStaffListings } from '../search-staff-listings/search-staff-listings.handler';
import { StaffListings } from '../staff-listings/staff-listings.service';

/** Listings changed at once: each is its own stream, so they are independent and a few can go in parallel. */
const CONCURRENCY = 16;

const ACTIONS = {
  status: 'listing_status_changed',
  promote: 'listing_promoted',
  unpromote: 'listing_promotion_removed',
  delete: 'listing_deleted',
} as const;

async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Bulk actions (admin spec: status and delete; promotions are sold and cancelled one by one under
 * Promotions, decision 0048) as one request with a result per
 * listing: one listing refused (gone, or not Active for a promotion) never stops the others, and the
 * screen rolls back exactly the ones that failed. Every applied change is audited, in one insert.
 */
@Controller('api/admin/listings')
export class BulkChangeListingsController {
  private readonly logger = new Logger('bulk-listings');

  constructor(
    private readonly listings: StaffListings,
    private readonly audit: AuditTrail,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  @Post('bulk')
  @HttpCode(200)
  async bulk(@Req() req: HttpRequest, @Body() body: unknown): Promise<BulkListingResponse> {
    const request = BulkListingRequestSchema.parse(body ?? {});
    const ids = [...new Set(request.ids.map((id) => id.toLowerCase()))];
    const before = await findStaffListings(this.prisma, ids);
    const commandFor = (listingId: string): ListingCommand => {
      switch (request.action) {
        case 'status':
          // An Active listing is suspended as a single Suspend does it, with the reason the schema required;
          // any other status is set directly (the spec lets a bulk change set any of the four).
          if (request.status === 'Suspended' && request.reason !== undefined && before.get(listingId)?.status === 'Active')
            return { type: 'SuspendListing', listingId, reason: request.reason };
          return { type: 'ChangeListingStatus', listingId, status: request.status };
        case 'delete':
          return { type: 'DeleteListing', listingId };
      }
    };
    const results = new Map<string, BulkListingResult>();
    const changed: string[] = [];
    let last: Position | undefined;
    await eachLimited(ids, CONCURRENCY, async (id) => {
      try {
        const position = await this.listings.append(req, commandFor(id));
        if (position) {
          changed.push(id);
          if (!last || comparePositions(position, last) > 0) last = position;
        }
        results.set(id, { id, ok: true });
      } catch (error) {
        results.set(id, { id, ok: false, ...failure(error) });
        if (!(error instanceof Error && 'code' in error)) this.logger.error({ err: error, listingId: id }, 'bulk change failed');
      }
    });
    await this.listings.settled(last);
    const after = await findStaffListings(this.prisma, changed);
    await this.audit.recordMany(req, changed.map((id) => this.listings.auditOf(ACTIONS[request.action], id, before.get(id), after.get(id))));
    const ordered = ids.map((id) => results.get(id)!);
    const failed = ordered.filter((r) => !r.ok).length;
    return { results: ordered, succeeded: ordered.length - failed, failed };
  }

}

/** A refused listing's result: the typed error's code and words (domain errors and problems both carry a code). */
function failure(error: unknown): { code: string; message: string } {
  if (error instanceof Error && 'code' in error && typeof error.code === 'string') return { code: error.code, message: error.message };
  return { code: 'INTERNAL', message: 'An unexpected error occurred' };
}
