// Wording and small rules of the Local Businesses screen, kept pure for tests.
import type { AdminListing, AdminListingFilter, ListingStatus } from '@afterwards/contracts';

/** 'Showing 1–25 of 1,234' (en dash, en-GB thousands). */
export function showingRange(page: number, pageSize: number, total: number): string {
  if (total === 0) return 'Showing 0 of 0';
  const first = (page - 1) * pageSize + 1;
  const last = Math.min(total, page * pageSize);
  const n = (v: number) => v.toLocaleString('en-GB');
  return `Showing ${n(first)}–${n(last)} of ${n(total)}`;
}

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / pageSize));
}

/** The reason staff gave for the row's current state, if it has one. */
export function reasonOf(listing: Pick<AdminListing, 'status' | 'rejectionReason' | 'suspensionReason'>): { label: string; text: string } | null {
  if (listing.status === 'Suspended' && listing.suspensionReason) return { label: 'Suspension reason', text: listing.suspensionReason };
  if (listing.status === 'Inactive' && listing.rejectionReason) return { label: 'Rejection reason', text: listing.rejectionReason };
  return null;
}

/** Which per-row actions the spec offers for a listing (section 2). */
export function rowActions(listing: Pick<AdminListing, 'status' | 'promoted'>) {
  return {
    approve: listing.status === 'Pending Review',
    // Reject ends in Inactive, so it is offered wherever that is a change.
    reject: listing.status !== 'Inactive',
    suspend: listing.status === 'Active',
    // A featured place comes only with a promotion (decision 0048): Promote opens Create Promotion for the
    // business; a promoted one offers its promotion (View) and cancelling it (with a confirmation).
    promote: listing.status === 'Active' && !listing.promoted,
    viewPromotion: listing.promoted,
    cancelPromotion: listing.promoted,
  };
}

export const STATUS_TONES: Record<ListingStatus, 'neutral' | 'accent' | 'success' | 'warning'> = {
  'Pending Review': 'warning',
  Active: 'success',
  Inactive: 'neutral',
  Suspended: 'accent',
};

/** True when no filter narrows the list (select-all then means every listing). */
export function isUnfiltered(filter: AdminListingFilter): boolean {
  return (!filter.status || filter.status === 'all') && (!filter.category || filter.category === 'all') && (!filter.promoted || filter.promoted === 'all') && !filter.q?.trim();
}
