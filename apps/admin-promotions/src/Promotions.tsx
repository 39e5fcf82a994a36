// Exposed as 'admin_promotions/Promotions': the Promotion Management section of the staff back office
// (admin spec: Promotion Management, Promotion rules, messages). It owns its server state (its own
// QueryClient); changes by other staff, the promotion jobs (start, renew, expire) and the operator tools
// arrive through useStaffChanges and refetch the list.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PROMOTION_MESSAGES,
  PROMOTION_STATUSES,
  type AdminPromotion,
  type AdminPromotionList,
  type AdminUser,
  type PromotionListQuery,
  staffMay,
} from '@afterwards/contracts';
import { formatPounds } from '@afterwards/web-staff';
import { useLiveList, withOwnQueryClient } from '@afterwards/web-staff/queries';
import { Alert, Button, Card, ConfirmDialog, Icon, InlineLoading, Select, StatTiles, type StatTile, useDebouncedValue, useToast, useDialogState } from '@afterwards/web-ui';
import { PROMOTIONS_KEY, failureMessage, keys, promotionsApi } from './api';
import { PromotionCard, type PromotionAction } from './PromotionCard';
import { PromotionFormDialog, type SavePromotion } from './PromotionFormDialog';
import { PLAN_OPTIONS, count, formatCalendarDate, isUnfiltered, renewalTerms } from './promotion-view';
import { SearchFilters, LoadFailed, ListCount, StaffHead } from '@afterwards/web-ui/back-office';
import './admin-promotions.css';

/**
 * Where to start: 'create' opens Create Promotion (the Dashboard's quick action); `{ create }` opens it for
 * one business and `{ listingId }` lists that business's promotions (Local Businesses' Promote and View
 * Promotion, decision 0048).
 */
export type PromotionsStart = 'create' | { create: string } | { listingId: string };

export interface PromotionsProps {
  admin: AdminUser;
  startWith?: PromotionsStart;
}

export const SEARCH_DEBOUNCE_MS = 300;
/** Live changes refetch after a second of quiet (admin spec: realtime list reload debounce). */
export const LIVE_DEBOUNCE_MS = 1000;
/** Success and error messages clear after 3 seconds (admin spec: Promotions messages). */
export const MESSAGE_MS = 3000;

export default withOwnQueryClient(PromotionsView);

type DialogState = { kind: 'form'; promotion: AdminPromotion | null; listingId?: string } | { kind: 'cancel' | 'renew' | 'start'; promotion: AdminPromotion };

const ALL = '';
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...PROMOTION_STATUSES.map((s) => ({ value: s, label: s }))];

function PromotionsView({ admin, startWith }: PromotionsProps) {
  const readOnly = !staffMay(admin.role, 'change');
  const queryClient = useQueryClient();
  const toast = useToast();
  const say = {
    success: (message: string) => toast.success(message, { duration: MESSAGE_MS }),
    error: (message: string) => toast.error(message, { duration: MESSAGE_MS }),
  };

  const [status, setStatus] = useState(ALL);
  const [plan, setPlan] = useState(ALL);
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [listingId, setListingId] = useState(typeof startWith === 'object' && 'listingId' in startWith ? startWith.listingId : undefined);
  const query: PromotionListQuery = { status: (status || undefined) as PromotionListQuery['status'], plan: (plan || undefined) as PromotionListQuery['plan'], q: q || undefined, listingId };
  const listKey = keys.list(query);

  const list = useQuery({ queryKey: listKey, queryFn: ({ signal }) => promotionsApi.list(query, signal), placeholderData: keepPreviousData });
  const settings = useQuery({ queryKey: keys.settings, queryFn: ({ signal }) => promotionsApi.settings(signal) });
  const pricing = settings.data?.settings.promotionPricing;

  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const [dialog, setDialog] = useDialogState<DialogState>(
    () =>
      readOnly ? null : startWith === 'create' ? { kind: 'form', promotion: null } : typeof startWith === 'object' && 'create' in startWith ? { kind: 'form', promotion: null, listingId: startWith.create } : null,
    'pm-root',
  );

  const { track } = useLiveList(PROMOTIONS_KEY, LIVE_DEBOUNCE_MS);

  const setBusyId = (id: string, on: boolean) =>
    setBusy((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  /** Puts the server's answer for one promotion in every cached list. */
  const replace = (updated: AdminPromotion) =>
    queryClient.setQueriesData<AdminPromotionList>({ queryKey: keys.lists }, (d) => d && { ...d, promotions: d.promotions.map((p) => (p.id === updated.id ? updated : p)) });

  /**
   * One promotion's action: `optimistic` shows at once (and is undone if the call fails), the server's
   * answer replaces it, and the list refetches for the stats.
   */
  async function write(p: AdminPromotion, call: () => Promise<AdminPromotion>, options: { optimistic?: (p: AdminPromotion) => AdminPromotion; success: (updated: AdminPromotion) => string; failed: string }) {
    await track(async () => {
      setBusyId(p.id, true);
      await queryClient.cancelQueries({ queryKey: keys.lists });
      const before = queryClient.getQueriesData<AdminPromotionList>({ queryKey: keys.lists });
      if (options.optimistic) replace(options.optimistic(p));
      try {
        const updated = await call();
        replace(updated);
        say.success(options.success(updated));
      } catch (error) {
        for (const [key, old] of before) queryClient.setQueryData(key, old);
        say.error(failureMessage(error, options.failed));
      } finally {
        setBusyId(p.id, false);
      }
    });
  }

  const today = list.data?.today;

  const onAction = (action: PromotionAction, p: AdminPromotion) => {
    if (action === 'edit') setDialog({ kind: 'form', promotion: p });
    else setDialog({ kind: action, promotion: p });
  };

  const save: SavePromotion = (request, p) =>
    track(async () => {
      if (request.create) {
        await promotionsApi.create(request.create);
        const business = (queryClient.getQueryData<{ businesses: { id: string; name: string }[] }>(keys.businesses)?.businesses ?? []).find((b) => b.id === request.create.listingId);
        say.success(PROMOTION_MESSAGES.created(business?.name ?? 'the business'));
      } else if (p) {
        replace(await promotionsApi.edit(p.id, request.edit));
        say.success(PROMOTION_MESSAGES.updated);
      }
    });

  const reload = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: keys.lists });
    const fresh = await promotionsApi.list({});
    return fresh.promotions.find((p) => p.id === id) ?? null;
  };

  const data = list.data;
  const stats = data?.stats;
  const tiles: StatTile[] = [
    { label: 'Total', value: stats && count(stats.total), icon: 'megaphone' },
    { label: 'Active', value: stats && count(stats.active), icon: 'check' },
    { label: 'Paused', value: stats && count(stats.paused), icon: 'lock' },
    { label: 'Scheduled', value: stats && count(stats.scheduled), icon: 'calendar' },
    { label: 'Expiring soon', value: stats && count(stats.expiringSoon), icon: 'alert' },
    { label: 'Revenue', value: stats && formatPounds(stats.revenue), icon: 'pound' },
  ];
  const filter = { status, plan, q, listingId };
  const oneBusiness = listingId ? data?.promotions[0]?.businessName : undefined;
  const canCreate = !readOnly && today !== undefined;

  return (
    <>
      <section id="pm-root" className="aw-staff-page pm-root" aria-label="Promotions" tabIndex={-1}>
        <StaffHead readOnly={readOnly} lead="Feature Active businesses at the top of the public finder for a paid period.">
          <Button icon={<Icon name="plus" size={18} />} onClick={() => setDialog({ kind: 'form', promotion: null })} disabled={!canCreate}>
            Create Promotion
          </Button>
        </StaffHead>

        <h2 className="aw-visually-hidden">Overview</h2>
        <StatTiles label="Promotions at a glance" tiles={tiles} busy={!stats} />

        <h2 className="aw-visually-hidden">Find promotions</h2>
        <SearchFilters label="Filter promotions" hint="Business name or location" search={search} onSearch={setSearch}>
          <Select label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={STATUS_OPTIONS} />
          <Select label="Plan" value={plan} onChange={(e) => setPlan(e.target.value)} options={[{ value: ALL, label: 'All plans' }, ...PLAN_OPTIONS(pricing)]} />
        </SearchFilters>

        {listingId ? (
          <Alert tone="info" className="pm-one-business">
            <span>Showing the promotions of {oneBusiness ? <strong>{oneBusiness}</strong> : 'one business'}.</span>{' '}
            <Button size="sm" variant="quiet" onClick={() => setListingId(undefined)}>
              Show all promotions
            </Button>
          </Alert>
        ) : null}

        <section className="aw-list" aria-labelledby="pm-list-title">
          <div className="aw-split aw-list__bar">
            <h2 id="pm-list-title" className="aw-section-title">
              Promotion list
            </h2>
            {data ? (
              <ListCount fetching={list.isFetching}>
                {count(data.promotions.length)} shown
              </ListCount>
            ) : null}
          </div>
          {list.isError && !data ? (
            <LoadFailed onRetry={() => void list.refetch()}>{PROMOTION_MESSAGES.loadFailed}</LoadFailed>
          ) : !data ? (
            <InlineLoading>Loading promotions...</InlineLoading>
          ) : (
            <>
              {list.isError ? (
                <LoadFailed>{PROMOTION_MESSAGES.loadFailed}</LoadFailed>
              ) : null}
              {data.promotions.length === 0 ? (
                <Card className="aw-empty">
                  <span className="aw-disc aw-empty__icon" aria-hidden="true">
                    <Icon name="megaphone" size={26} />
                  </span>
                  <p className="aw-empty__title">{PROMOTION_MESSAGES.empty}</p>
                  {isUnfiltered(filter) ? null : <p className="aw-muted">Try other filters, or clear the search.</p>}
                  {!readOnly && data.stats.total === 0 ? (
                    <Button icon={<Icon name="plus" size={18} />} onClick={() => setDialog({ kind: 'form', promotion: null })}>
                      Create First Promotion
                    </Button>
                  ) : null}
                </Card>
              ) : (
                <ul className="pm-cards">
                  {data.promotions.map((p) => (
                    <li key={p.id}>
                      <PromotionCard promotion={p} today={data.today} pricing={pricing} readOnly={readOnly} busy={busy.has(p.id)} onAction={onAction} />
                    </li>
                  ))}
                </ul>
              )}
            </>
          )}
        </section>
      </section>

      {dialog?.kind === 'form' && today ? (
        <PromotionFormDialog promotion={dialog.promotion} listingId={dialog.listingId} today={today} onSave={save} onReload={reload} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'cancel' ? (
        <ConfirmDialog
          title="Cancel promotion"
          confirmLabel="Cancel Promotion"
          cancelLabel="Keep Promotion"
          danger
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const p = dialog.promotion;
            setDialog(null);
            void write(p, () => promotionsApi.cancel(p.id, p.version), {
              // The spec: Cancelled at once, ending today, and back if the server refuses.
              optimistic: (old) => ({ ...old, status: 'Cancelled', endDate: today ?? old.endDate, daysRemaining: 0 }),
              success: () => PROMOTION_MESSAGES.cancelled,
              failed: PROMOTION_MESSAGES.cancelFailed,
            });
          }}
        >
          <p className="aw-dialog-text">
            Cancel the promotion for <strong>{dialog.promotion.businessName}</strong>? It ends today and the business is no longer featured. This cannot be undone.
          </p>
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'renew' ? (
        <RenewDialog
          promotion={dialog.promotion}
          pricing={pricing}
          pricingError={settings.isError}
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const p = dialog.promotion;
            setDialog(null);
            void write(p, () => promotionsApi.renew(p.id, p.version), {
              success: (updated) => PROMOTION_MESSAGES.renewed(updated.businessName, formatCalendarDate(updated.endDate)),
              failed: PROMOTION_MESSAGES.renewFailed,
            });
          }}
        />
      ) : null}
      {dialog?.kind === 'start' ? (
        <ConfirmDialog
          title="Start promotion"
          confirmLabel="Start Now"
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const p = dialog.promotion;
            setDialog(null);
            void write(p, () => promotionsApi.start(p.id, p.version), { success: () => PROMOTION_MESSAGES.started, failed: PROMOTION_MESSAGES.updateFailed });
          }}
        >
          <p className="aw-dialog-text">
            Start the promotion for <strong>{dialog.promotion.businessName}</strong> now? The business is featured from now until {formatCalendarDate(dialog.promotion.endDate)}.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}

/** The renewal confirmation: what it adds (new end date) and what it costs, from Settings. */
function RenewDialog({
  promotion: p,
  pricing,
  pricingError,
  onConfirm,
  onCancel,
}: {
  promotion: AdminPromotion;
  pricing: Parameters<typeof renewalTerms>[1] | undefined;
  pricingError: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const terms = pricing ? renewalTerms(p, pricing) : null;
  return (
    <ConfirmDialog title="Renew promotion" confirmLabel="Renew" onCancel={onCancel} onConfirm={onConfirm} confirmDisabled={!terms}>
      {terms ? (
        <p className="aw-dialog-text">
          Renew the promotion for <strong>{p.businessName}</strong> for another {terms.durationDays} days? It will run until{' '}
          <strong>{formatCalendarDate(terms.endDate)}</strong>, for <strong>{formatPounds(terms.price)}</strong>.
        </p>
      ) : pricingError ? (
        <LoadFailed>The price of a renewal could not be loaded. Please try again.</LoadFailed>
      ) : (
        <InlineLoading>Loading the price...</InlineLoading>
      )}
    </ConfirmDialog>
  );
}
