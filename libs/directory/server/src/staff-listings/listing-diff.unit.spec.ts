import { adminListing } from '@afterwards/directory-domain/testing';
import { listingDiff } from './staff-listings.service';

const listing = adminListing({
  id: '2b9c3b0e-3c1f-4a53-8d1b-0c6a1c1f0a11',
  name: 'Park Funerals',
  address: null,
  status: 'Pending Review',
  source: 'Staff',
  version: 0,
  createdAt: '2026-11-23T10:00:00.000Z',
  updatedAt: '2026-11-23T10:00:00.000Z',
});

describe('audit values of a listing change', () => {
  it('records only what changed, without the version and update time', () => {
    const after = { ...listing, status: 'Inactive' as const, rejectionReason: 'Could not verify', version: 1, updatedAt: '2026-11-23T11:00:00.000Z' };
    expect(listingDiff(listing, after)).toEqual({
      oldValues: { status: 'Pending Review', rejectionReason: null },
      newValues: { status: 'Inactive', rejectionReason: 'Could not verify' },
    });
  });

  it('keeps the whole listing when it is created or deleted', () => {
    expect(listingDiff(undefined, listing)).toEqual({ oldValues: null, newValues: listing });
    expect(listingDiff(listing, undefined)).toEqual({ oldValues: listing, newValues: null });
  });
});
