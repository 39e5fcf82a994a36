import { ZodError } from 'zod';
import { DEFAULT_SETTINGS } from '@afterwards/contracts';
import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { CreateListingController } from './create-listing.http.controller';

describe('Add Business', () => {
  const side = staffListingsSuite();
  const route = () => new CreateListingController(side().listings, side().settings);

  it('adds a listing awaiting review with the radius of Settings, answers it and audits it whole', async () => {
    const created = await route().create(side().staff, { name: 'Hope & Sons', category: 'Funeral Directors', location: 'York' });
    expect(created).toMatchObject({ name: 'Hope & Sons', status: 'Pending Review', serviceRadiusMiles: DEFAULT_SETTINGS.defaultServiceRadius, source: 'Staff', version: 0 });
    // Placed from its town by the listing's own rules.
    expect(created.latitude).toBeCloseTo(53.96, 1);
    const [audit] = (await side().audits()).filter((a) => a.record_id === created.id);
    expect(audit).toMatchObject({ action: 'listing_created', table_name: 'listings', old_values: null, new_values: { name: 'Hope & Sons' } });
  });

  it('refuses a form without a name before anything is written', async () => {
    const before = (await side().audits()).length;
    await expect(route().create(side().staff, { category: 'Funeral Directors', location: 'York' })).rejects.toBeInstanceOf(ZodError);
    expect(await side().audits()).toHaveLength(before);
  });
});
