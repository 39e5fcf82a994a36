import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { ApproveListingController } from './approve-listing.http.controller';

describe('approving a listing', () => {
  const side = staffListingsSuite();
  const route = () => new ApproveListingController(side().listings);

  it('makes a listing awaiting review Active, answers it and audits the status change', async () => {
    const id = await side().add('Approved Funerals');
    await expect(route().approve(side().staff, id)).resolves.toMatchObject({ id, status: 'Active' });
    const audit = (await side().audits()).find((a) => a.record_id === id && a.action === 'listing_approved');
    expect(audit).toMatchObject({ old_values: { status: 'Pending Review' }, new_values: { status: 'Active' } });
  });

  it('refuses to approve twice, and answers 404 for an id that is not a listing', async () => {
    const id = await side().add('Twice Funerals');
    await route().approve(side().staff, id);
    await expect(route().approve(side().staff, id)).rejects.toMatchObject({ code: 'LISTING_INVALID_TRANSITION' });
    await expect(route().approve(side().staff, 'not-a-listing')).rejects.toMatchObject({ status: 404, code: 'LISTING_NOT_FOUND', message: 'Business not found: not-a-listing' });
  });
});
