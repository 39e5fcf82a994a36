// Exposed as 'admin_organisations/Organisations': the organisation directory section of the staff back
// office (issue 43): find, add, edit, retire and restore the organisations families pick from when they
// list who to tell, and the names families typed that the directory lacks. It owns its server state (its
// own QueryClient); other staff's changes arrive through useStaffChanges and refetch the list.
import { useState } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ORGANISATION_KIND_LABELS,
  ORGANISATION_KINDS,
  ORGANISATION_MESSAGES,
  ORGANISATION_STATUSES,
  staffMay,
  type AdminOrganisation,
  type AdminOrganisationList,
  type AdminOrganisationListQuery,
  type AdminUser,
  type OrganisationKind,
  type OrganisationRequest,
  type OrganisationStatus,
} from '@afterwards/contracts';
import { useLiveList, withOwnQueryClient } from '@afterwards/web-staff/queries';
import { Button, Card, ConfirmDialog, Icon, InlineLoading, Select, useDebouncedValue, useToast, useDialogState } from '@afterwards/web-ui';
import { SearchFilters, LoadFailed, ListCount, StaffHead } from '@afterwards/web-ui/back-office';
import { ORGANISATIONS_KEY, failureMessage, keys, organisationsApi } from './api';
import { MissingOrganisationsPanel } from './MissingOrganisationsPanel';
import { OrganisationCard } from './OrganisationCard';
import { OrganisationFormDialog } from './OrganisationFormDialog';
import { ImportOrganisationsDialog } from './ImportOrganisationsDialog';
import './admin-organisations.css';

export interface OrganisationsProps {
  admin: AdminUser;
}

export const SEARCH_DEBOUNCE_MS = 300;
/** Live changes refetch after a second of quiet, as the other back-office lists do. */
export const LIVE_DEBOUNCE_MS = 1000;
export const MESSAGE_MS = 3000;

export default withOwnQueryClient(OrganisationsView);

type DialogState = { kind: 'form'; organisation: AdminOrganisation | null; name?: string } | { kind: 'retire'; organisation: AdminOrganisation } | { kind: 'import' };

const ALL = '';
const KIND_OPTIONS = [{ value: ALL, label: 'All kinds' }, ...ORGANISATION_KINDS.map((k) => ({ value: k, label: ORGANISATION_KIND_LABELS[k] }))];
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...ORGANISATION_STATUSES.map((s) => ({ value: s, label: s }))];
const todayHere = () => new Date().toLocaleDateString('en-CA', { timeZone: 'Europe/London' });

function OrganisationsView({ admin }: OrganisationsProps) {
  const readOnly = !staffMay(admin.role, 'change');
  const queryClient = useQueryClient();
  const toast = useToast();
  const say = {
    success: (message: string) => toast.success(message, { duration: MESSAGE_MS }),
    error: (message: string) => toast.error(message, { duration: MESSAGE_MS }),
  };

  const [search, setSearch] = useState('');
  const [kind, setKind] = useState(ALL);
  const [status, setStatus] = useState(ALL);
  const q = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const query: AdminOrganisationListQuery = { q: q || undefined, kind: (kind || undefined) as OrganisationKind | undefined, status: (status || undefined) as OrganisationStatus | undefined };
  const list = useQuery({ queryKey: keys.list(query), queryFn: ({ signal }) => organisationsApi.list(query, signal), placeholderData: keepPreviousData });

  const [dialog, setDialog] = useDialogState<DialogState>(null, 'og-root');
  const [busy, setBusy] = useState<ReadonlySet<string>>(() => new Set());
  const { track } = useLiveList(ORGANISATIONS_KEY, LIVE_DEBOUNCE_MS);

  /** Puts the server's answer for one entry in every cached list. */
  const replace = (updated: AdminOrganisation) =>
    queryClient.setQueriesData<AdminOrganisationList>({ queryKey: keys.lists }, (d) => d && { ...d, organisations: d.organisations.map((o) => (o.id === updated.id ? updated : o)) });

  const save = (request: OrganisationRequest, organisation: AdminOrganisation | null) =>
    track(async () => {
      if (organisation) {
        const updated = await organisationsApi.edit(organisation.id, request, organisation.version);
        replace(updated);
        say.success(ORGANISATION_MESSAGES.updated(updated.name));
      } else {
        const added = await organisationsApi.add(request);
        say.success(ORGANISATION_MESSAGES.added(added.name));
      }
    });

  const reload = async (id: string) => {
    await queryClient.invalidateQueries({ queryKey: keys.lists });
    return (await organisationsApi.list({})).organisations.find((o) => o.id === id) ?? null;
  };

  const setStatusOf = (o: AdminOrganisation, to: 'retire' | 'restore') => {
    setBusy((b) => new Set(b).add(o.id));
    void track(async () => {
      try {
        const updated = to === 'retire' ? await organisationsApi.retire(o.id, o.version) : await organisationsApi.restore(o.id, o.version);
        replace(updated);
        say.success(to === 'retire' ? ORGANISATION_MESSAGES.retiredDone(updated.name) : ORGANISATION_MESSAGES.restored(updated.name));
      } catch (error) {
        say.error(failureMessage(error));
      } finally {
        setBusy((b) => {
          const next = new Set(b);
          next.delete(o.id);
          return next;
        });
      }
    });
  };

  const data = list.data;
  const filtered = Boolean(q || kind || status);
  return (
    <>
      <section id="og-root" className="aw-staff-page" aria-label="Organisations" tabIndex={-1}>
        <StaffHead readOnly={readOnly} lead="The organisations families choose from when they list who to tell: where to write, what they need and how long they usually take to reply.">
          <div className="aw-staff-head__actions">
            <Button variant="secondary" icon={<Icon name="document" size={18} />} onClick={() => setDialog({ kind: 'import' })}>
              Import from CSV
            </Button>
            <Button icon={<Icon name="plus" size={18} />} onClick={() => setDialog({ kind: 'form', organisation: null })}>
              Add Organisation
            </Button>
          </div>
        </StaffHead>

        <MissingOrganisationsPanel readOnly={readOnly} onAdd={(name) => setDialog({ kind: 'form', organisation: null, name })} />

        <h2 className="aw-visually-hidden">Find organisations</h2>
        <SearchFilters label="Filter organisations" hint="Name, e.g. Nationwide or DVLA" search={search} onSearch={setSearch}>
          <Select label="Kind" value={kind} onChange={(e) => setKind(e.target.value)} options={KIND_OPTIONS} />
          <Select label="Status" value={status} onChange={(e) => setStatus(e.target.value)} options={STATUS_OPTIONS} />
        </SearchFilters>

        <section className="aw-list" aria-labelledby="og-list-title">
          <div className="aw-split aw-list__bar">
            <h2 id="og-list-title" className="aw-section-title">
              Directory
            </h2>
            {data ? (
              <ListCount fetching={list.isFetching}>
                {data.organisations.length} shown · {data.counts.active} active, {data.counts.retired} retired
              </ListCount>
            ) : null}
          </div>
          {list.isError && !data ? (
            <LoadFailed onRetry={() => void list.refetch()}>{ORGANISATION_MESSAGES.loadFailed}</LoadFailed>
          ) : !data ? (
            <InlineLoading>Loading organisations...</InlineLoading>
          ) : data.organisations.length === 0 ? (
            <Card className="aw-empty">
              <p className="aw-empty__title">{ORGANISATION_MESSAGES.empty}</p>
              {filtered ? <p className="aw-muted">Try other filters, or clear the search.</p> : null}
            </Card>
          ) : (
            <ul className="og-cards">
              {data.organisations.map((o) => (
                <li key={o.id}>
                  <OrganisationCard
                    organisation={o}
                    readOnly={readOnly}
                    busy={busy.has(o.id)}
                    onEdit={() => setDialog({ kind: 'form', organisation: o })}
                    onRetire={() => setDialog({ kind: 'retire', organisation: o })}
                    onRestore={() => setStatusOf(o, 'restore')}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>

      </section>

      {dialog?.kind === 'form' ? (
        <OrganisationFormDialog organisation={dialog.organisation} name={dialog.name} today={todayHere()} onSave={save} onReload={reload} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'import' ? <ImportOrganisationsDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'retire' ? (
        <ConfirmDialog
          title="Retire organisation"
          confirmLabel="Retire"
          cancelLabel="Keep it"
          danger
          onCancel={() => setDialog(null)}
          onConfirm={() => {
            const o = dialog.organisation;
            setDialog(null);
            setStatusOf(o, 'retire');
          }}
        >
          <p className="aw-dialog-text">
            Retire <strong>{dialog.organisation.name}</strong>? Families will no longer find it when they search. Memories that already list it keep it, and you
            can restore it later.
          </p>
        </ConfirmDialog>
      ) : null}
    </>
  );
}
