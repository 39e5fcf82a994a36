import { staffListingsSuite } from '../staff-listings/staff-listings.testing';
import { DeleteListingController } from './delete-listing.http.controller';

describe('deleting a listing', () => {
  const side = staffListingsSuite();
  const route = () => new DeleteListingController(side().listings);

  it('deletes it from the read model, audits the whole row, and a second delete is refused as not found', async () => {
    const id = await side().add('Deleted Funerals');
    await route().remove(side().staff, id);
    await expect(side().listings.read(id)).rejects.toMatchObject({ status: 404 });
    expect((await side().audits()).find((a) => a.record_id === id && a.action === 'listing_deleted')).toMatchObject({ old_values: { name: 'Deleted Funerals' }, new_values: null });
    // The listing's own refusal; its code is a 404 (registered by the directory module).
    await expect(route().remove(side().staff, id)).rejects.toMatchObject({ code: 'LISTING_NOT_FOUND' });
  });
});
