import { randomUUID } from 'node:crypto';
import { Body, Controller, Delete, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import type { Request } from 'express';
import {
  AdminEditListingSchema,
  AdminListingFormSchema,
  ReasonSchema,
  SetListingStatusSchema,
  type AdminListing,
} from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import { SettingsService } from '@afterwards/settings-server';
import { StaffListings } from './staff-listings.service';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Staff changes to one listing (admin spec: Local Business Management). Every route answers the listing after the change. */
@Controller('api/admin/listings')
export class StaffListingCommandsController {
  constructor(
    private readonly listings: StaffListings,
    private readonly settings: SettingsService,
  ) {}

  /** Add Business. The status and service radius default from Settings (auto-approve, default radius). */
  @Post()
  @HttpCode(201)
  async create(@Req() req: Request, @Body() body: Record<string, unknown> | undefined): Promise<AdminListing> {
    const settings = await this.settings.current();
    const raw = { ...(body ?? {}) };
    if (blank(raw.serviceRadiusMiles)) raw.serviceRadiusMiles = settings.defaultServiceRadius;
    const { status, ...details } = AdminListingFormSchema.parse(raw);
    const listingId = randomUUID();
    const created = await this.listings.change(req, listingId, 'listing_created', [
      {
        type: 'SubmitListing',
        listingId,
        details,
        status: status ?? (settings.platformConfig.autoApproveBusinesses ? 'Active' : 'Pending Review'),
        source: 'Staff',
      },
    ]);
    return created!;
  }

  /** Edit Business: all twelve fields; `expectedVersion` refuses an edit made on a stale copy. */
  @Put(':id')
  async edit(@Req() req: Request, @Param('id') rawId: string, @Body() body: unknown): Promise<AdminListing> {
    const current = await this.listings.read(rawId);
    const { status, expectedVersion, ...details } = AdminEditListingSchema.parse(body ?? {});
    const commands: ListingCommand[] = [{ type: 'EditListing', listingId: current.id, changes: details }];
    if (status && status !== current.status) commands.push({ type: 'ChangeListingStatus', listingId: current.id, status });
    return this.answer(rawId, await this.listings.change(req, current.id, 'listing_updated', commands, expectedVersion === undefined ? undefined : BigInt(expectedVersion)));
  }

  @Post(':id/approve')
  @HttpCode(200)
  approve(@Req() req: Request, @Param('id') id: string): Promise<AdminListing> {
    return this.run(req, id, 'listing_approved', (listingId) => ({ type: 'ApproveListing', listingId }));
  }

  @Post(':id/reject')
  @HttpCode(200)
  reject(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.run(req, id, 'listing_rejected', (listingId) => ({ type: 'RejectListing', listingId, reason }));
  }

  @Post(':id/suspend')
  @HttpCode(200)
  suspend(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { reason } = ReasonSchema.parse(body ?? {});
    return this.run(req, id, 'listing_suspended', (listingId) => ({ type: 'SuspendListing', listingId, reason }));
  }

  @Put(':id/status')
  status(@Req() req: Request, @Param('id') id: string, @Body() body: unknown): Promise<AdminListing> {
    const { status } = SetListingStatusSchema.parse(body ?? {});
    return this.run(req, id, 'listing_status_changed', (listingId) => ({ type: 'ChangeListingStatus', listingId, status }));
  }

  /** Delete checks the listing exists first: a second delete answers 404 'Business not found: …'. */
  @Delete(':id')
  @HttpCode(204)
  async remove(@Req() req: Request, @Param('id') id: string): Promise<void> {
    const listingId = StaffListings.idOf(id);
    await this.listings.change(req, listingId, 'listing_deleted', [{ type: 'DeleteListing', listingId }]);
  }

  private async run(req: Request, rawId: string, action: string, make: (listingId: string) => ListingCommand): Promise<AdminListing> {
    const listingId = StaffListings.idOf(rawId);
    return this.answer(rawId, await this.listings.change(req, listingId, action, [make(listingId)]));
  }

  private answer(rawId: string, listing: AdminListing | undefined): AdminListing {
    if (!listing) throw StaffListings.notFound(rawId);
    return listing;
  }
}
