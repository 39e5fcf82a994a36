import { givenWhenThen } from '@afterwards/testing/decider';
import { decideListing, evolveListing, foldListing, initialListingState } from './listing';
import { ListingError } from './listing.errors';
import type { ListingEvent } from './listing.events';
import { listingSubmitted } from './testing';

const id = '6f1c1d7e-4d6b-4a55-9d0a-0a4f4c1f9a01';
const details = { name: ' Hope & Sons Funeral Directors ', category: 'Funeral Directors' as const, location: 'Leeds' };
const submitted: ListingEvent = listingSubmitted({ listingId: id, name: 'Hope & Sons Funeral Directors', address: null, status: 'Pending Review' });
const approved: ListingEvent = { type: 'ListingApproved', data: { listingId: id } };

const given = givenWhenThen({ initialState: initialListingState, decide: decideListing, evolve: evolveListing }, ListingError);

describe('listing decider', () => {
  it('submits a new listing as Pending Review with trimmed, normalised details', () => {
    given().when({ type: 'SubmitListing', listingId: id, details }).then([submitted]);
  });

  it('records the CSV import and row that made a listing, apart from its details', () => {
    const importRow = { importId: '0c3f6a4e-8d1b-4f7e-9a55-3b2d1e0f9c11', row: 42 };
    const withRow: ListingEvent = { ...submitted, data: { ...submitted.data, importRow } } as ListingEvent;
    given().when({ type: 'SubmitListing', listingId: id, details, importRow }).then([withRow]);
    expect(foldListing([withRow]).details).toEqual(foldListing([submitted]).details);
  });

  it('prefixes a website without a scheme and nulls empty optional fields', () => {
    const [event] = decideListing(
      { type: 'SubmitListing', listingId: id, details: { ...details, website: 'example.co.uk', phone: '  ' } },
      foldListing([]),
    );
    expect(event).toMatchObject({ data: { website: 'https://example.co.uk', phone: null } });
  });

  it.each([
    [{ ...details, name: '' }, 'Business name is required'],
    [{ ...details, location: ' ' }, 'Location is required'],
    [{ ...details, category: 'Astrologers' }, 'Category is required'],
    [{ ...details, email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ ...details, serviceRadiusMiles: 51 }, 'Service radius must be between 1 and 50 miles'],
    [{ ...details, serviceRadiusMiles: 0 }, 'Service radius must be between 1 and 50 miles'],
  ])('refuses invalid details %#', (input, message) => {
    given()
      .when({ type: 'SubmitListing', listingId: id, details: input as never })
      .thenRefused('LISTING_INVALID', message);
  });

  it('refuses to submit the same listing twice', () => {
    given(submitted).when({ type: 'SubmitListing', listingId: id, details }).thenRefused('LISTING_ALREADY_EXISTS');
  });

  it('approves a pending listing, and only a pending one', () => {
    given(submitted).when({ type: 'ApproveListing', listingId: id }).then([approved]);
    given(submitted, approved).when({ type: 'ApproveListing', listingId: id }).thenRefused('LISTING_INVALID_TRANSITION');
  });

  it('suspends only an Active listing, with a reason', () => {
    given(submitted).when({ type: 'SuspendListing', listingId: id, reason: 'x' }).thenRefused('LISTING_INVALID_TRANSITION');
    given(submitted, approved).when({ type: 'SuspendListing', listingId: id, reason: ' ' }).thenRefused('LISTING_REASON_REQUIRED');
    given(submitted, approved)
      .when({ type: 'SuspendListing', listingId: id, reason: ' Complaint ' })
      .then([{ type: 'ListingSuspended', data: { listingId: id, reason: 'Complaint' } }]);
  });

  it('records only the fields an edit really changes', () => {
    given(submitted)
      .when({ type: 'EditListing', listingId: id, changes: { name: 'Hope & Sons Funeral Directors', pricing: 'From £1,950' } })
      .then([{ type: 'ListingEdited', data: { listingId: id, changes: { pricing: 'From £1,950' } } }]);
    given(submitted).when({ type: 'EditListing', listingId: id, changes: { location: 'Leeds' } }).then([]);
  });

  it('promotes only Active listings at position 1 or higher; suspension clears the promotion', () => {
    given(submitted).when({ type: 'PromoteListing', listingId: id, position: 1 }).thenRefused('LISTING_INVALID_TRANSITION');
    given(submitted, approved).when({ type: 'PromoteListing', listingId: id, position: 0 }).thenRefused('LISTING_INVALID', 'Position must be 1 or higher');
    const promoted: ListingEvent = { type: 'ListingPromoted', data: { listingId: id, position: 2 } };
    given(submitted, approved).when({ type: 'PromoteListing', listingId: id, position: 2 }).then([promoted]);
    const suspended: ListingEvent = { type: 'ListingSuspended', data: { listingId: id, reason: 'r' } };
    expect(foldListing([submitted, approved, promoted, suspended])).toMatchObject({ promoted: false, position: null });
  });

  it('treats a deleted listing as not found', () => {
    const deleted: ListingEvent = { type: 'ListingDeleted', data: { listingId: id } };
    given(submitted, deleted).when({ type: 'ApproveListing', listingId: id }).thenRefused('LISTING_NOT_FOUND');
    given().when({ type: 'DeleteListing', listingId: id }).thenRefused('LISTING_NOT_FOUND');
  });
});
