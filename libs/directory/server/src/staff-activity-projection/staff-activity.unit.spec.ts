import { activityOf } from './staff-activity.projection';

describe('Recent Activity wording', () => {
  it('names the business and what happened', () => {
    expect(activityOf({ type: 'ListingApproved', data: { listingId: 'l' } }, 'Park Funerals')).toEqual({
      type: 'business_approved',
      title: 'Business approved',
      description: 'Park Funerals is now live in the directory',
    });
    expect(activityOf({ type: 'ListingRejected', data: { listingId: 'l', reason: 'Could not verify' } }, 'Park Funerals')).toMatchObject({
      type: 'business_rejected',
      description: 'Park Funerals: Could not verify',
    });
    expect(activityOf({ type: 'ListingSuspended', data: { listingId: 'l', reason: 'Complaint' } }, 'Park Funerals')).toMatchObject({ type: 'business_suspended' });
  });

  it('lists no edits, promotions or deletions of listings', () => {
    expect(activityOf({ type: 'ListingEdited', data: { listingId: 'l', changes: { phone: '1' } } }, 'X')).toBeNull();
    expect(activityOf({ type: 'ListingDeleted', data: { listingId: 'l' } }, 'X')).toBeNull();
  });
});
