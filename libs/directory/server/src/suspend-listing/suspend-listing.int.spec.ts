import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { SuspendListingController } from './suspend-listing.http.controller';

describe('suspending a listing', () => {
  const side = staffListingsSuite();
  const route = () => new SuspendListingController(side().listings);

  it('suspends an Active listing with the reason, and audits it', async () => {
    const id = await side().add('Suspended Funerals', 'Active');
    await expect(route().suspend(side().staff, id, { reason: 'Complaint received' })).resolves.toMatchObject({ status: 'Suspended' });
    expect((await side().audits()).find((a) => a.record_id === id && a.action === 'listing_suspended')).toMatchObject({ new_values: { status: 'Suspended' } });
  });

  it('refuses a listing that is not Active, writing nothing', async () => {
    const id = await side().add('Pending Funerals');
    await expect(route().suspend(side().staff, id, { reason: 'Complaint' })).rejects.toMatchObject({ code: 'LISTING_INVALID_TRANSITION' });
    expect(await side().store.readStream(`listing-${id}`)).toHaveLength(1);
  });
});
