// The staff listing routes' tests: the directory's command side on a fresh database, as the product wires it.
import { AuditTrail } from '@afterwards/identity-server';
import type { ListingStatus } from '@afterwards/contracts';
import { SettingsService, settingsMigrations } from '@afterwards/settings-server';
import { sideForFile, startCommandSide, type CommandSide } from '@afterwards/testing/command-side';
import { ListingCommands } from '../change-listing/listing-commands';
import { directoryMigrations } from '../directory.migrations';
import { listingsProjection } from '../listings-projection/listings.projection';
import { StaffListings } from './staff-listings.service';

export interface StaffListingsSide extends CommandSide {
  readonly listings: StaffListings;
  readonly settings: SettingsService;
  /** A new listing added by staff, in this status; its id. */
  add(name: string, status?: ListingStatus): Promise<string>;
}

export async function startStaffListings(): Promise<StaffListingsSide> {
  const side = await startCommandSide({ migrations: [...settingsMigrations, ...directoryMigrations], projections: [listingsProjection] });
  const listings = new StaffListings(new ListingCommands(side.store, side.projections), new AuditTrail(side.db.sql), side.prisma);
  // Settings are read from their read model; nothing here changes them, so the cache never needs the projection.
  const settings = new SettingsService(side.prisma, side.projections as never);
  const add = async (name: string, status: ListingStatus = 'Pending Review') => {
    const listingId = crypto.randomUUID();
    await listings.change(side.staff, listingId, 'listing_created', [
      { type: 'SubmitListing', listingId, status, source: 'Staff', details: { name, category: 'Funeral Directors', location: 'Leeds', serviceRadiusMiles: 25 } },
    ]);
    return listingId;
  };
  return { ...side, listings, settings, add };
}

/** One command side for a whole test file (started before its tests, stopped after): `const side = staffListingsSuite();`. */
export const staffListingsSuite = (): (() => StaffListingsSide) => sideForFile(startStaffListings);
