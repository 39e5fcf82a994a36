import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { SetListingStatusController } from './set-listing-status.http.controller';

describe("setting a listing's status", () => {
  const side = staffListingsSuite();
  const route = () => new SetListingStatusController(side().listings);

  it('sets any of the four statuses and audits the change; the same status again changes and audits nothing', async () => {
    const id = await side().add('Status Funerals', 'Active');
    await expect(route().status(side().staff, id, { status: 'Inactive' })).resolves.toMatchObject({ status: 'Inactive', version: 1 });
    await expect(route().status(side().staff, id, { status: 'Inactive' })).resolves.toMatchObject({ status: 'Inactive', version: 1 });
    expect((await side().audits()).filter((a) => a.record_id === id && a.action === 'listing_status_changed')).toHaveLength(1);
  });
});
