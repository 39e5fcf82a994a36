import { LISTING_ADMIN_MESSAGES, type BulkListingRequest } from '@afterwards/contracts';
import { applyChange, bulkOutcome, bulkRequestFailed, changeOfBulk, changedListing, rollbackFailed } from './optimistic';
import { adminListing, adminListingsPage, listingIdOf } from '@afterwards/directory-domain/testing';

const a = adminListing({ id: listingIdOf(1), name: 'A', status: 'Pending Review' });
const b = adminListing({ id: listingIdOf(2), name: 'B', status: 'Active' });
const c = adminListing({ id: listingIdOf(3), name: 'C', status: 'Active', promoted: true, position: 2 });
const before = adminListingsPage([a, b, c], 40);

describe('optimistic listing changes', () => {
  it('given a page, when a bulk status change applies, then only the chosen rows change', () => {
    const after = applyChange(before, new Set([a.id, c.id]), changeOfBulk({ action: 'status', ids: [a.id, c.id], status: 'Suspended' }));
    expect(after.listings.map((l) => l.status)).toEqual(['Suspended', 'Active', 'Suspended']);
    expect(after.total).toBe(40);
    expect(before.listings[0]!.status).toBe('Pending Review');
  });

  it('given a page, when rows are deleted, then they leave the page and the total', () => {
    const after = applyChange(before, new Set([b.id, listingIdOf(99)]), { kind: 'delete' });
    expect(after.listings.map((l) => l.id)).toEqual([a.id, c.id]);
    expect(after.total).toBe(39);
  });

  it('reject and suspend show their reason at once; leaving Active pauses the featured place', () => {
    expect(changedListing(a, { kind: 'reject', reason: 'Duplicate' })).toMatchObject({ status: 'Inactive', rejectionReason: 'Duplicate' });
    expect(changedListing(c, { kind: 'suspend', reason: 'Complaint' })).toMatchObject({ status: 'Suspended', suspensionReason: 'Complaint', promoted: false, position: null });
    expect(changedListing(c, { kind: 'status', status: 'Inactive' })).toMatchObject({ promoted: false, position: null });
    expect(changedListing(a, { kind: 'approve' }).status).toBe('Active');
  });

  it('an edit shows the new details and keeps the status when the form left it blank', () => {
    const edited = changedListing(b, {
      kind: 'edit',
      form: { ...b, name: 'B renamed', website: 'https://b.example', serviceRadiusMiles: 10, status: undefined },
    });
    expect(edited).toMatchObject({ name: 'B renamed', website: 'https://b.example', serviceRadiusMiles: 10, status: 'Active', id: b.id });
  });

  it('given a bulk change, when some listings fail, then exactly those roll back', () => {
    const ids = new Set([a.id, b.id, c.id]);
    const applied = applyChange(before, ids, { kind: 'status', status: 'Suspended' });
    const rolled = rollbackFailed(applied, before, new Set([a.id]));
    expect(rolled.listings.map((l) => [l.name, l.status])).toEqual([
      ['A', a.status],
      ['B', 'Suspended'],
      ['C', 'Suspended'],
    ]);
  });

  it('given a bulk delete, when one fails, then it returns to its place and the total counts it again', () => {
    const applied = applyChange(before, new Set([a.id, b.id]), { kind: 'delete' });
    const rolled = rollbackFailed(applied, before, new Set([b.id]));
    expect(rolled.listings.map((l) => l.name)).toEqual(['B', 'C']);
    expect(rolled.total).toBe(39);
  });

  it('keeps rows a refetch brought in meanwhile, and changes nothing when nothing failed', () => {
    const d = adminListing({ id: listingIdOf(4), name: 'D' });
    const refetched = adminListingsPage([b, d], 41);
    const rolled = rollbackFailed(refetched, before, new Set([a.id]));
    expect(rolled.listings.map((l) => l.name)).toEqual(['A', 'B', 'D']);
    expect(rollbackFailed(refetched, before, new Set())).toBe(refetched);
  });
});

describe('bulk outcome', () => {
  const status: BulkListingRequest = { action: 'status', ids: [a.id, b.id, c.id], status: 'Inactive' };

  it('reports the failed ids, the spec message with the server message, and the successes', () => {
    const outcome = bulkOutcome(status, {
      results: [
        { id: a.id, ok: true },
        { id: b.id, ok: false, code: 'LISTING_NOT_FOUND', message: `Business not found: ${b.id}` },
        { id: c.id, ok: true },
      ],
      succeeded: 2,
      failed: 1,
    });
    expect([...outcome.failed]).toEqual([b.id]);
    expect(outcome.error).toBe(LISTING_ADMIN_MESSAGES.bulkUpdateFailed(`Business not found: ${b.id}`));
    expect(outcome.success).toBe('Updated 2 businesses');
    expect(outcome.refetch).toBe(false);
  });

  it('says a shared reason once with how many failed', () => {
    const outcome = bulkOutcome(
      { action: 'status', status: 'Active', ids: [a.id, b.id] },
      {
        results: [
          { id: a.id, ok: false, code: 'LISTING_NOT_FOUND', message: 'Business not found' },
          { id: b.id, ok: false, code: 'LISTING_NOT_FOUND', message: 'Business not found' },
        ],
        succeeded: 0,
        failed: 2,
      },
    );
    expect(outcome.error).toBe('Failed to update businesses: Business not found (2 not changed)');
    expect(outcome.success).toBeNull();
  });

  it('a failed bulk delete says the page will refresh, and asks for a refetch', () => {
    const outcome = bulkOutcome(
      { action: 'delete', ids: [a.id, b.id] },
      { results: [{ id: a.id, ok: true }, { id: b.id, ok: false, code: 'X', message: 'Boom' }], succeeded: 1, failed: 1 },
    );
    expect(outcome.error).toBe(`Failed to update businesses: Boom ${LISTING_ADMIN_MESSAGES.bulkDeleteRefresh}`);
    expect(outcome.refetch).toBe(true);
    expect(outcome.success).toBe('Deleted 1 business');
  });

  it('when the whole request fails, every listing rolls back', () => {
    const outcome = bulkRequestFailed({ action: 'status', status: 'Suspended', ids: [a.id, c.id] }, 'Network error. Please check your internet connection.');
    expect([...outcome.failed].sort()).toEqual([a.id, c.id]);
    expect(outcome.error).toBe('Failed to update businesses: Network error. Please check your internet connection.');
  });
});
