import { foldListing, type ListingCommand } from '@afterwards/directory-domain';
import { listingSubmitted } from '@afterwards/directory-domain/testing';
import { placeOf, withCoordinates } from './listing-commands';

const submitted = foldListing([
  listingSubmitted({
    listingId: 'l-1',
    name: 'Test Funerals',
    address: '1 Park Row, Leeds LS1 5HN',
    // A point set on purpose (the seed does this), not the town's centre.
    latitude: 53.8,
    longitude: -1.55,
  }),
]);

const edit = (changes: Extract<ListingCommand, { type: 'EditListing' }>['changes']): ListingCommand => ({ type: 'EditListing', listingId: 'l-1', changes });

describe('placing a listing', () => {
  it('places a new listing from the postcode in its address, else from its town', () => {
    const york = placeOf(null, 'York')!;
    expect(york.latitude).toBeCloseTo(53.96, 1);
    const byPostcode = placeOf('10 Downing Street, London SW1A 2AA', 'Leeds')!;
    expect(byPostcode.latitude).toBeCloseTo(51.5, 0);
    expect(placeOf('Nowhere Lane', 'Atlantis')).toBeNull();
  });

  it('given a listing, when an edit leaves address and location alone, then its point is kept', () => {
    expect(withCoordinates(edit({ phone: '0113 000 0000', address: '1 Park Row, Leeds LS1 5HN', location: 'leeds ' }), submitted)).toEqual(
      edit({ phone: '0113 000 0000', address: '1 Park Row, Leeds LS1 5HN', location: 'leeds ' }),
    );
  });

  it('given a listing, when an edit moves its location, then it is placed again', () => {
    const moved = withCoordinates(edit({ location: 'York', address: null }), submitted) as Extract<ListingCommand, { type: 'EditListing' }>;
    expect(moved.changes.latitude).toBeCloseTo(53.96, 1);
    expect(moved.changes.longitude).toBeCloseTo(-1.08, 1);
  });

  it('given a listing, when an edit moves it somewhere unknown, then it loses its old point rather than keep a wrong one', () => {
    const moved = withCoordinates(edit({ location: 'Atlantis', address: null }), submitted) as Extract<ListingCommand, { type: 'EditListing' }>;
    expect(moved.changes).toMatchObject({ latitude: null, longitude: null });
  });

  it('keeps coordinates staff or an import gave explicitly', () => {
    const command = edit({ location: 'York', latitude: 1, longitude: 2 });
    expect(withCoordinates(command, submitted)).toBe(command);
  });
});
