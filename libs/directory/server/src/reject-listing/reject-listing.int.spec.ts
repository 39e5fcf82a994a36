import { ZodError } from 'zod';
import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { RejectListingController } from './reject-listing.http.controller';

describe('rejecting a listing', () => {
  const side = staffListingsSuite();
  const route = () => new RejectListingController(side().listings);

  it('makes it Inactive with the reason, and audits both', async () => {
    const id = await side().add('Rejected Funerals');
    await expect(route().reject(side().staff, id, { reason: 'Could not verify' })).resolves.toMatchObject({ status: 'Inactive', rejectionReason: 'Could not verify' });
    const audit = (await side().audits()).find((a) => a.record_id === id && a.action === 'listing_rejected');
    expect(audit).toMatchObject({ new_values: { status: 'Inactive', rejectionReason: 'Could not verify' } });
  });

  it('asks for a reason', async () => {
    const id = await side().add('No Reason Funerals');
    await expect(route().reject(side().staff, id, {})).rejects.toBeInstanceOf(ZodError);
    expect((await side().listings.read(id)).status).toBe('Pending Review');
  });
});
