import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { LISTING_ADMIN_MESSAGES, type AdminListing } from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import type { Position } from '@afterwards/event-store';
import { AuditTrail, changedValues, staffContext, type StaffChange } from '@afterwards/identity-server';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { ListingCommands } from '../change-listing/listing-commands';
import { findStaffListing } from '../search-staff-listings/search-staff-listings.handler';

/** The audit log's record type for listings (the read model's table). */
export const LISTINGS_TABLE = 'listings';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Columns that change with every event and say nothing to an auditor. */
const NOISE = new Set<keyof AdminListing>(['version', 'updatedAt']);

/** Only what differs between two versions of a listing (create and delete keep the whole row). */
export function listingDiff(before: AdminListing | undefined, after: AdminListing | undefined): { oldValues: unknown; newValues: unknown } {
  return changedValues(before, after, NOISE);
}

/**
 * What every staff listing route does with a command: run it as the signed-in staff member (actor,
 * request and address in the event metadata), wait until the read model shows it, and record the
 * change with its old and new values in the audit log.
 */
@Injectable()
export class StaffListings {
  constructor(
    private readonly listings: ListingCommands,
    private readonly audit: AuditTrail,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  static notFound(id: string): ProblemError {
    return new ProblemError(404, 'LISTING_NOT_FOUND', LISTING_ADMIN_MESSAGES.notFound(id));
  }

  /** A listing id from a path: anything that is not a uuid cannot be a listing. */
  static idOf(id: string): string {
    if (!UUID.test(id)) throw StaffListings.notFound(id);
    return id.toLowerCase();
  }

  async read(id: string): Promise<AdminListing> {
    const listing = await findStaffListing(this.prisma, StaffListings.idOf(id));
    if (!listing) throw StaffListings.notFound(id);
    return listing;
  }

  /** Appends the command's events (a stale `expectedRevision` is a 409 in words). Returns where they landed. */
  async append(req: Request, command: ListingCommand, expectedRevision?: bigint): Promise<Position | undefined> {
    return (await this.listings.run(command.listingId, command, staffContext(req), { expectedRevision })).position;
  }

  settled(position: Position | undefined): Promise<void> {
    return this.listings.settled(position);
  }

  /**
   * Runs `commands` on one listing in order (the first with `expectedRevision`), then answers the listing
   * as it now is and audits the whole change as one `action`.
   */
  async change(req: HttpRequest, listingId: string, action: string, commands: ListingCommand[], expectedRevision?: bigint): Promise<AdminListing | undefined> {
    const { after } = await this.listings.change(listingId, commands, staffContext(req), {
      expectedRevision,
      read: () => findStaffListing(this.prisma, listingId),
      audit: ({ before, after }) => this.audit.record(req, this.auditOf(action, listingId, before, after)),
    });
    return after;
  }

  /** One command on the listing a path names, answered with the listing after it (404 when there is none). */
  async act(req: Request, rawId: string, action: string, make: (listingId: string) => ListingCommand): Promise<AdminListing> {
    const listingId = StaffListings.idOf(rawId);
    const listing = await this.change(req, listingId, action, [make(listingId)]);
    if (!listing) throw StaffListings.notFound(rawId);
    return listing;
  }

  auditOf(action: string, listingId: string, before: AdminListing | undefined, after: AdminListing | undefined): StaffChange {
    return { action, tableName: LISTINGS_TABLE, recordId: listingId, ...listingDiff(before, after) };
  }
}
