import { isUnfiltered, pageCount, reasonOf, rowActions, showingRange } from './listing-view';

describe('listing view', () => {
  it('says which rows are shown', () => {
    expect(showingRange(1, 25, 1234)).toBe('Showing 1–25 of 1,234');
    expect(showingRange(50, 25, 1234)).toBe('Showing 1,226–1,234 of 1,234');
    expect(showingRange(1, 25, 0)).toBe('Showing 0 of 0');
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('offers approve on Pending Review, suspend and promote on Active, the promotion (view, cancel) when promoted', () => {
    expect(rowActions({ status: 'Pending Review', promoted: false })).toEqual({ approve: true, reject: true, suspend: false, promote: false, viewPromotion: false, cancelPromotion: false });
    expect(rowActions({ status: 'Active', promoted: false })).toEqual({ approve: false, reject: true, suspend: true, promote: true, viewPromotion: false, cancelPromotion: false });
    expect(rowActions({ status: 'Active', promoted: true })).toEqual({ approve: false, reject: true, suspend: true, promote: false, viewPromotion: true, cancelPromotion: true });
  });

  it('shows the reason that explains the current status', () => {
    expect(reasonOf({ status: 'Suspended', rejectionReason: 'old', suspensionReason: 'Complaint' })).toEqual({ label: 'Suspension reason', text: 'Complaint' });
    expect(reasonOf({ status: 'Inactive', rejectionReason: 'Duplicate', suspensionReason: null })).toEqual({ label: 'Rejection reason', text: 'Duplicate' });
    expect(reasonOf({ status: 'Active', rejectionReason: 'Duplicate', suspensionReason: null })).toBeNull();
  });

  it('knows when no filter narrows the list', () => {
    expect(isUnfiltered({ status: 'all', promoted: '', q: '  ' })).toBe(true);
    expect(isUnfiltered({ category: 'Charities' })).toBe(false);
  });
});
