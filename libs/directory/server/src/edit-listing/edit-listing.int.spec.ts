import { ProblemError } from '@afterwards/server-kit';
import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { EditListingController } from './edit-listing.http.controller';

describe('Edit Business', () => {
  const side = staffListingsSuite();
  const route = () => new EditListingController(side().listings);

  it('edits the fields and the status as two events, and audits only what changed', async () => {
    const id = await side().add('Park Funerals');
    const edited = await route().edit(side().staff, id, { name: 'Park Funerals', category: 'Funeral Directors', location: 'Leeds', phone: '0113 496 0000', status: 'Active', expectedVersion: 0 });
    expect(edited).toMatchObject({ phone: '0113 496 0000', status: 'Active', version: 2 });
    expect((await side().store.readStream(`listing-${id}`)).map((e) => e.type)).toEqual(['ListingSubmitted', 'ListingEdited', 'ListingStatusChanged']);
    const audit = (await side().audits()).find((a) => a.record_id === id && a.action === 'listing_updated');
    expect(audit).toMatchObject({ old_values: { phone: null, status: 'Pending Review' }, new_values: { phone: '0113 496 0000', status: 'Active' } });
  });

  it('refuses an edit made on a stale copy with 409 LISTING_CHANGED, changing nothing', async () => {
    const id = await side().add('Stale Funerals');
    await route().edit(side().staff, id, { name: 'Stale Funerals', category: 'Funeral Directors', location: 'Leeds', phone: '1', expectedVersion: 0 });
    const stale = route().edit(side().staff, id, { name: 'Stale Funerals', category: 'Funeral Directors', location: 'Leeds', phone: '2', expectedVersion: 0 });
    await expect(stale).rejects.toMatchObject({ status: 409, code: 'LISTING_CHANGED', message: expect.stringContaining('changed by someone else') });
    await expect(stale).rejects.toBeInstanceOf(ProblemError);
    expect((await side().listings.read(id)).phone).toBe('1');
  });

  it('answers 404 for a listing that does not exist', async () => {
    await expect(route().edit(side().staff, crypto.randomUUID(), { name: 'x', category: 'Funeral Directors', location: 'Leeds' })).rejects.toMatchObject({ status: 404, code: 'LISTING_NOT_FOUND' });
  });
});
