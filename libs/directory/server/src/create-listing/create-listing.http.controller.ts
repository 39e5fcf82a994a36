import { randomUUID } from 'node:crypto';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import type { HttpRequest } from '@afterwards/server-kit';
import { AdminListingFormSchema, type AdminListing } from '@afterwards/contracts';
import { SettingsService } from '@afterwards/settings-server';
import { StaffListings } from '../staff-listings/staff-listings.service';

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** Add Business (admin spec: Local Business Management). Answers the listing as created. */
@Controller('api/admin/listings')
export class CreateListingController {
  constructor(
    private readonly listings: StaffListings,
    private readonly settings: SettingsService,
  ) {}

  /** The status and service radius default from Settings (auto-approve, default radius). */
  @Post()
  @HttpCode(201)
  async create(@Req() req: HttpRequest, @Body() body: Record<string, unknown> | undefined): Promise<AdminListing> {
    const settings = await this.settings.current();
    const raw = { ...(body ?? {}) };
    if (blank(raw.serviceRadiusMiles)) raw.serviceRadiusMiles = settings.defaultServiceRadius;
    const { status, ...details } = AdminListingFormSchema.parse(raw);
    return this.listings.act(req, randomUUID(), 'listing_created', (listingId) => ({
      type: 'SubmitListing',
      listingId,
      details,
      status: status ?? (settings.platformConfig.autoApproveBusinesses ? 'Active' : 'Pending Review'),
      source: 'Staff',
    }));
  }
}
