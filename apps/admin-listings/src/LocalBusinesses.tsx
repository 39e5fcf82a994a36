// Exposed as 'admin_listings/LocalBusinesses': the Local Business Management section of the staff back
// office. It owns its server state (its own QueryClient); changes by
// other staff or by the operator tools arrive through useStaffChanges and refetch the page.
import { useEffect, useMemo, useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_DEFAULT_PAGE_SIZE,
  ADMIN_PAGE_SIZES,
  LISTING_ADMIN_MESSAGES,
  type AdminListing,
  type AdminListingFilter,
  type AdminListingsResponse,
  type AdminUser,
  type BulkListingRequest,
  staffMay,
} from '@afterwards/contracts';
import { errorMessage } from '@afterwards/web-staff';
import { useLiveList, withOwnQueryClient } from '@afterwards/web-staff/queries';
import { Button, Card, Icon, InlineLoading, Select, StatTiles, type StatTile, useDebouncedValue, useToast, useDialogState } from '@afterwards/web-ui';
import { LISTINGS_KEY, listingsApi, listingsPageKey } from './api';
import { applyChange, bulkOutcome, bulkRequestFailed, changeOfBulk, replaceListing, rollbackFailed, type ListingChange } from './optimistic';
import { isUnfiltered, pageCount, showingRange } from './listing-view';
import { ListingsTable, type ListingSort, type RowAction } from './ListingsTable';
import type { SaveListing } from './ListingFormDialog';
import { ListingDialogs, type DialogState, type RowWrite } from './ListingDialogs';
import { BulkBar, type SelectAll } from './BulkBar';
import { ALL, ListingFilters } from './ListingFilters';
import { LoadFailed, ListCount, StaffHead } from '@afterwards/web-ui/back-office';
import './admin-listings.css';

export interface LocalBusinessesProps {
  admin: AdminUser;
  /**
   * Jumps to another back-office section; to Promotions with a business to create a promotion for
   * (`{ create }`) or whose promotions to show (`{ listingId }`).
   */
  onNavigate?: (section: string, start?: { create: string } | { listingId: string }) => void;
  /** 'add': open with the Add New Business form (the Dashboard's quick action), if the role may add. */
  startWith?: 'add';
}

export const SEARCH_DEBOUNCE_MS = 300;
const PAGES_KEY = [...LISTINGS_KEY, 'page'] as const;

export default withOwnQueryClient(LocalBusinessesView);


const n = (v: number) => v.toLocaleString('en-GB');

function LocalBusinessesView({ admin, onNavigate, startWith }: LocalBusinessesProps) {
  const readOnly = !staffMay(admin.role, 'change');
  const queryClient = useQueryClient();
  const toast = useToast();

  const [status, setStatus] = useState<string>(ALL);
  const [category, setCategory] = useState<string>(ALL);
  const [promoted, setPromoted] = useState<string>(ALL);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [sort, setSort] = useState<ListingSort>('createdAt');
  const [order, setOrder] = useState<'asc' | 'desc'>('desc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ADMIN_DEFAULT_PAGE_SIZE);

  const filter = useMemo(() => ({ status, category, promoted, q }) as AdminListingFilter, [status, category, promoted, q]);
  const query = useMemo(() => ({ ...filter, sort, order, page, pageSize }), [filter, sort, order, page, pageSize]);

  const [selected, setSelected] = useState<Set<string>>(() => new Set());
  const [selectAll, setSelectAll] = useState<SelectAll>(null);
  const [selectingAll, setSelectingAll] = useState(false);
  const [busy, setBusy] = useState<Set<string>>(() => new Set());
  const [dialog, setDialog] = useDialogState<DialogState>(() => (startWith === 'add' && !readOnly ? { kind: 'form', listing: null } : null), 'lb-root');

  // A new filter is a new set: the selection and the page start again.
  const filterKey = JSON.stringify(filter);
  useEffect(() => {
    setPage(1);
    setSelected(new Set());
    setSelectAll(null);
  }, [filterKey]);

  const list = useQuery({
    queryKey: listingsPageKey(query),
    queryFn: ({ signal }) => listingsApi.page(query, signal),
    placeholderData: keepPreviousData,
  });

  const { refresh, track } = useLiveList(LISTINGS_KEY);

  const data = list.data;
  const lastPage = data ? pageCount(data.total, data.pageSize) : 1;
  useEffect(() => {
    // Deletions can leave the page past the end.
    if (data && page > lastPage) setPage(lastPage);
  }, [data, page, lastPage]);

  const setBusyIds = (ids: Iterable<string>, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  /**
   * Shows `change` on every cached page at once, runs `call`, and rolls back the listings it reports as
   * failed (all of them if it throws). Returns what `call` returned, or throws its error.
   */
  async function optimistic<T>(ids: Set<string>, change: ListingChange, call: () => Promise<T>, failedOf: (result: T) => Set<string>): Promise<T> {
    return track(async () => {
      setBusyIds(ids, true);
      await queryClient.cancelQueries({ queryKey: PAGES_KEY });
      const before = queryClient.getQueriesData<AdminListingsResponse>({ queryKey: PAGES_KEY });
      queryClient.setQueriesData<AdminListingsResponse>({ queryKey: PAGES_KEY }, (d) => d && applyChange(d, ids, change));
      const rollback = (failed: Set<string>) => {
        for (const [key, old] of before) if (old) queryClient.setQueryData<AdminListingsResponse>(key, (d) => d && rollbackFailed(d, old, failed));
      };
      try {
        const result = await call();
        rollback(failedOf(result));
        return result;
      } catch (error) {
        rollback(ids);
        throw error;
      } finally {
        setBusyIds(ids, false);
      }
    });
  }

  /** One listing's action: the row changes at once, takes the server's answer, or reverts with the spec's message. */
  const rowWrite: RowWrite = async (listing, change, call, failure, success) => {
    try {
      const updated = await optimistic(new Set([listing.id]), change, call, () => new Set<string>());
      if (updated) queryClient.setQueriesData<AdminListingsResponse>({ queryKey: PAGES_KEY }, (d) => d && replaceListing(d, updated));
      if (change.kind === 'delete') unselect([listing.id]);
      toast.success(success);
    } catch (error) {
      toast.error(failure(error));
    }
  };

  const unselect = (ids: Iterable<string>) => {
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) next.delete(id);
      return next;
    });
    setSelectAll(null);
  };

  const onAction = (action: RowAction, listing: AdminListing) => {
    if (action === 'edit' || action === 'view') setDialog({ kind: 'form', listing });
    // A featured place comes only with a real promotion (decision 0048): Promote opens Create Promotion for
    // this business, View Promotion shows its promotions, Cancel Promotion cancels them after a confirmation.
    else if (action === 'promote') onNavigate?.('promotions', { create: listing.id });
    else if (action === 'viewPromotion') onNavigate?.('promotions', { listingId: listing.id });
    else if (action === 'cancelPromotion') setDialog({ kind: 'cancel-promotion', listing });
    else setDialog({ kind: action, listing });
  };

  const saveListing: SaveListing = async ({ form, body, listing }) => {
    if (!listing) {
      const created = await listingsApi.create(body);
      refresh();
      toast.success(`"${created.name}" added`);
      return;
    }
    await optimistic(new Set([listing.id]), { kind: 'edit', form }, () => listingsApi.edit(listing.id, body, listing.version), () => new Set<string>()).then((updated) =>
      queryClient.setQueriesData<AdminListingsResponse>({ queryKey: PAGES_KEY }, (d) => d && replaceListing(d, updated)),
    );
    toast.success(`"${form.name}" saved`);
  };

  async function runBulk(request: BulkListingRequest) {
    const ids = new Set(request.ids);
    let outcome;
    try {
      const response = await optimistic(ids, changeOfBulk(request), () => listingsApi.bulk(request), (r) => bulkOutcome(request, r).failed);
      outcome = bulkOutcome(request, response);
    } catch (error) {
      outcome = bulkRequestFailed(request, errorMessage(error));
    }
    if (outcome.success) toast.success(outcome.success);
    if (outcome.error) toast.error(outcome.error);
    // Keep the failed ones selected so they can be tried again.
    setSelected(new Set(outcome.failed));
    setSelectAll(null);
    if (outcome.refetch) refresh();
  }

  const selectedIds = [...selected];
  const pageIds = data?.listings.map((l) => l.id) ?? [];
  const pageAllSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const pageSomeSelected = pageIds.some((id) => selected.has(id));

  const togglePage = (on: boolean) => {
    setSelectAll(null);
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of pageIds) on ? next.add(id) : next.delete(id);
      return next;
    });
  };

  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const answer = await listingsApi.ids(filter);
      setSelected(new Set(answer.ids));
      setSelectAll({ total: answer.total, truncated: answer.truncated });
    } catch (error) {
      toast.error(`${LISTING_ADMIN_MESSAGES.loadFailed} ${errorMessage(error)}`);
    } finally {
      setSelectingAll(false);
    }
  };

  const onSort = (next: ListingSort) => {
    if (next === sort) setOrder(order === 'asc' ? 'desc' : 'asc');
    else {
      setSort(next);
      setOrder(next === 'createdAt' || next === 'updatedAt' ? 'desc' : 'asc');
    }
    setPage(1);
  };

  const stats = data?.stats;
  const figure = (v: number | undefined) => (v === undefined ? undefined : n(v));
  const tiles: StatTile[] = [
    { label: 'Total', value: figure(stats?.total), icon: 'building' },
    { label: 'Pending Review', value: figure(stats?.byStatus['Pending Review']), icon: 'alert' },
    { label: 'Active', value: figure(stats?.byStatus.Active), icon: 'check' },
    { label: 'Inactive', value: figure(stats?.byStatus.Inactive), icon: 'eye' },
    { label: 'Suspended', value: figure(stats?.byStatus.Suspended), icon: 'shield' },
    { label: 'Promoted', value: figure(stats?.promoted), icon: 'star' },
  ];

  const caption = data ? `Local businesses, ${showingRange(data.page, data.pageSize, data.total).toLowerCase()}` : 'Local businesses';

  return (
    <>
    <section id="lb-root" className="aw-staff-page" aria-label="Local Businesses" tabIndex={-1}>
      <StaffHead readOnly={readOnly} lead="Review, approve and promote the services families find in the directory.">
        <div className="aw-staff-head__actions">
          <Button variant="secondary" icon={<Icon name="document" size={18} />} onClick={() => setDialog({ kind: 'csv' })}>
            Bulk CSV Upload
          </Button>
          <Button icon={<Icon name="plus" size={18} />} onClick={() => setDialog({ kind: 'form', listing: null })}>
            Add New Business
          </Button>
        </div>
      </StaffHead>

      <h2 className="aw-visually-hidden">Overview</h2>
      <StatTiles label="Businesses by status" tiles={tiles} />

      <h2 className="aw-visually-hidden">Find businesses</h2>
      <ListingFilters
        filter={{ search, status, category, promoted }}
        onFilter={(next) => {
          if (next.search !== undefined) setSearch(next.search);
          if (next.status !== undefined) setStatus(next.status);
          if (next.category !== undefined) setCategory(next.category);
          if (next.promoted !== undefined) setPromoted(next.promoted);
        }}
        sort={sort}
        order={order}
        onSort={(s, o) => {
          setSort(s);
          setOrder(o);
          setPage(1);
        }}
      />

      {!readOnly && selected.size > 0 ? (
        <BulkBar
          count={selected.size}
          selectAll={selectAll}
          // Suspending asks the reason a single Suspend asks, naming how many are suspended.
          onStatus={(status) => (status === 'Suspended' ? setDialog({ kind: 'bulk-suspend' }) : void runBulk({ action: 'status', ids: selectedIds, status }))}
          onDelete={() => setDialog({ kind: 'bulk-delete' })}
          onClear={() => unselect(selected)}
        />
      ) : null}

      <Card className="aw-list" as="section" aria-labelledby="lb-list-title">
        <h2 id="lb-list-title" className="aw-visually-hidden">
          Businesses
        </h2>
        {list.isError && !data ? (
          <LoadFailed onRetry={() => void list.refetch()}>{LISTING_ADMIN_MESSAGES.loadFailed}</LoadFailed>
        ) : !data ? (
          <InlineLoading>Loading businesses...</InlineLoading>
        ) : (
          <>
            <div className="aw-split aw-list__bar">
              {readOnly ? null : (
                <label className="lb-check-label">
                  <input
                    type="checkbox"
                    className="lb-checkbox"
                    checked={pageAllSelected}
                    ref={(el) => {
                      if (el) el.indeterminate = !pageAllSelected && pageSomeSelected;
                    }}
                    onChange={(e) => togglePage(e.target.checked)}
                    disabled={pageIds.length === 0}
                  />
                  Select all on this page
                </label>
              )}
              <ListCount fetching={list.isFetching}>
                {showingRange(data.page, data.pageSize, data.total)}
              </ListCount>
            </div>
            {!readOnly && pageAllSelected && !selectAll && data.total > pageIds.length ? (
              <p className="lb-select-all">
                All {n(pageIds.length)} listings on this page are selected.{' '}
                <Button size="sm" variant="quiet" onClick={() => void selectAllMatching()} disabled={selectingAll}>
                  {selectingAll ? 'Selecting…' : `Select all ${n(data.total)} matching listings`}
                </Button>
              </p>
            ) : null}
            {list.isError ? (
              <LoadFailed>{LISTING_ADMIN_MESSAGES.loadFailed}</LoadFailed>
            ) : null}
            {data.listings.length === 0 ? (
              <p className="aw-empty">{isUnfiltered(filter) ? 'No businesses yet.' : 'No businesses match these filters.'}</p>
            ) : (
              <ListingsTable
                listings={data.listings}
                caption={caption}
                sort={sort}
                order={order}
                onSort={onSort}
                readOnly={readOnly}
                selected={selected}
                busy={busy}
                onToggle={(id, on) => {
                  setSelectAll(null);
                  setSelected((prev) => {
                    const next = new Set(prev);
                    on ? next.add(id) : next.delete(id);
                    return next;
                  });
                }}
                onAction={onAction}
              />
            )}
            <nav className="aw-pager" aria-label="Pages">
              <Button size="sm" variant="secondary" disabled={page <= 1} onClick={() => setPage(page - 1)} icon={<Icon name="arrow-left" size={16} />}>
                Previous
              </Button>
              <span className="aw-small">
                Page {n(Math.min(page, lastPage))} of {n(lastPage)}
              </span>
              <Button size="sm" variant="secondary" disabled={page >= lastPage} onClick={() => setPage(page + 1)}>
                Next <Icon name="arrow-right" size={16} />
              </Button>
              <Select
                label="Per page"
                className="aw-row lb-pager__size"
                value={String(pageSize)}
                onChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(1);
                }}
                options={ADMIN_PAGE_SIZES.map((s) => ({ value: String(s), label: String(s) }))}
              />
            </nav>
          </>
        )}
      </Card>

    </section>

      <ListingDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        readOnly={readOnly}
        ids={selectedIds}
        onSave={saveListing}
        onRowWrite={rowWrite}
        onBulk={runBulk}
        onPromotionCancelled={(message) => {
          toast.success(message);
          refresh();
        }}
      />
    </>
  );
}
