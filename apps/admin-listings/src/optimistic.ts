// Optimistic changes to the cached page of listings (the spec: "all changes show at once and
// revert if the server call fails"). Pure, so the apply/rollback rules are tested without React.
import {
  LISTING_ADMIN_MESSAGES,
  type AdminListing,
  type AdminListingForm,
  type AdminListingsResponse,
  type BulkListingRequest,
  type BulkListingResponse,
  type ListingStatus,
} from '@afterwards/contracts';

/** What a staff action does to a listing, as the screen shows it before the server answers. */
export type ListingChange =
  | { kind: 'status'; status: ListingStatus }
  | { kind: 'approve' }
  | { kind: 'reject'; reason: string }
  | { kind: 'suspend'; reason: string }
  | { kind: 'edit'; form: AdminListingForm }
  | { kind: 'delete' };

export function changeOfBulk(request: BulkListingRequest): ListingChange {
  switch (request.action) {
    case 'status':
      return { kind: 'status', status: request.status };
    case 'delete':
      return { kind: 'delete' };
  }
}

/** One listing after a change (not for delete, which removes the row). */
export function changedListing(listing: AdminListing, change: Exclude<ListingChange, { kind: 'delete' }>): AdminListing {
  switch (change.kind) {
    case 'status':
      // A business that leaves Active pauses its featured place; coming back, the server's answer restores it.
      return change.status === 'Active' ? { ...listing, status: change.status } : { ...listing, status: change.status, promoted: false, position: null };
    case 'approve':
      return { ...listing, status: 'Active' };
    case 'reject':
      return { ...listing, status: 'Inactive', rejectionReason: change.reason };
    case 'suspend':
      return { ...listing, status: 'Suspended', suspensionReason: change.reason, promoted: false, position: null };
    case 'edit': {
      const { status, ...details } = change.form;
      return { ...listing, ...details, status: status ?? listing.status };
    }
  }
}

/** The page with `ids` changed; deleted rows leave the page and the matching total. */
export function applyChange(page: AdminListingsResponse, ids: ReadonlySet<string>, change: ListingChange): AdminListingsResponse {
  if (change.kind === 'delete') {
    const listings = page.listings.filter((l) => !ids.has(l.id));
    return { ...page, listings, total: Math.max(0, page.total - (page.listings.length - listings.length)) };
  }
  return { ...page, listings: page.listings.map((l) => (ids.has(l.id) ? changedListing(l, change) : l)) };
}

/**
 * Undoes the change for exactly the `failed` listings: each gets its row from `before` back (deleted ones
 * return to their old place), and every other row keeps what `current` shows.
 */
export function rollbackFailed(current: AdminListingsResponse, before: AdminListingsResponse, failed: ReadonlySet<string>): AdminListingsResponse {
  if (failed.size === 0) return current;
  const now = new Map(current.listings.map((l) => [l.id, l]));
  const listings: AdminListing[] = [];
  let restored = 0;
  for (const old of before.listings) {
    if (failed.has(old.id)) {
      listings.push(old);
      if (!now.has(old.id)) restored += 1;
    } else {
      const row = now.get(old.id);
      if (row) listings.push(row);
    }
  }
  // Rows that arrived meanwhile (a refetch during the call) stay, after the known ones.
  const known = new Set(before.listings.map((l) => l.id));
  for (const row of current.listings) if (!known.has(row.id)) listings.push(row);
  return { ...current, listings, total: current.total + restored };
}

/** Puts the server's answer for one listing in place of its optimistic row. */
export function replaceListing(page: AdminListingsResponse, listing: AdminListing): AdminListingsResponse {
  return { ...page, listings: page.listings.map((l) => (l.id === listing.id ? listing : l)) };
}

export interface BulkOutcome {
  failed: Set<string>;
  succeeded: number;
  /** The spec's failure message, or null when every listing succeeded. */
  error: string | null;
  /** Bulk delete failures reload the page. */
  refetch: boolean;
  /** Success line for the toast, or null when nothing succeeded. */
  success: string | null;
}

const plural = (n: number) => `${n.toLocaleString('en-GB')} ${n === 1 ? 'business' : 'businesses'}`;

const SUCCESS_VERB: Record<BulkListingRequest['action'], string> = {
  status: 'Updated',
  delete: 'Deleted',
};

/** The spec's bulk failure message for an action, around the server's message. */
export function bulkFailureMessage(action: BulkListingRequest['action'], message: string): string {
  const text = LISTING_ADMIN_MESSAGES.bulkUpdateFailed(message);
  return action === 'delete' ? `${text} ${LISTING_ADMIN_MESSAGES.bulkDeleteRefresh}` : text;
}

/** Several failures usually share a reason; say each distinct one once, with how many failed. */
function failureSummary(messages: string[], ids: number): string {
  const distinct = [...new Set(messages)];
  const shown = distinct.slice(0, 3).join('; ') + (distinct.length > 3 ? '; …' : '');
  return ids > 1 ? `${shown} (${ids.toLocaleString('en-GB')} not changed)` : shown;
}

/** Reads the per-listing results of one bulk request. */
export function bulkOutcome(request: BulkListingRequest, response: BulkListingResponse): BulkOutcome {
  const failures = response.results.filter((r): r is Extract<typeof r, { ok: false }> => !r.ok);
  const failed = new Set(failures.map((f) => f.id));
  const succeeded = response.results.length - failures.length;
  return {
    failed,
    succeeded,
    error: failures.length ? bulkFailureMessage(request.action, failureSummary(failures.map((f) => f.message), failures.length)) : null,
    refetch: request.action === 'delete' && failures.length > 0,
    success: succeeded > 0 ? `${SUCCESS_VERB[request.action]} ${plural(succeeded)}` : null,
  };
}

/** When the whole request fails (network, 403…), every listing failed with the same message. */
export function bulkRequestFailed(request: BulkListingRequest, message: string): BulkOutcome {
  return {
    failed: new Set(request.ids),
    succeeded: 0,
    error: bulkFailureMessage(request.action, message),
    refetch: request.action === 'delete',
    success: null,
  };
}
