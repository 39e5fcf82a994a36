// The list of listings: a table on wide screens, one card per row on phones (same markup, CSS only),
// each row with its checkbox (named after the business) and the actions the spec offers for its status:
// the primary ones (Edit, and Approve on Pending Review) inline, the rest in a 'More actions' menu.
import { ADMIN_LISTING_SORTS, historyScreenUrl, type AdminListing } from '@afterwards/contracts';
import { relativeTime } from '@afterwards/web-staff';
import { Badge, Button, ButtonLink, Icon } from '@afterwards/web-ui';
import { RowMenu, type RowMenuItem } from './RowMenu';
import { STATUS_TONES, reasonOf, rowActions } from './listing-view';

export type ListingSort = (typeof ADMIN_LISTING_SORTS)[number];
export type RowAction = 'edit' | 'view' | 'delete' | 'approve' | 'reject' | 'suspend' | 'promote' | 'viewPromotion' | 'cancelPromotion';

const COLUMNS: { sort: ListingSort; label: string }[] = [
  { sort: 'name', label: 'Business' },
  { sort: 'category', label: 'Category' },
  { sort: 'location', label: 'Location' },
  { sort: 'status', label: 'Status' },
];

export function ListingsTable({
  listings,
  caption,
  sort,
  order,
  onSort,
  readOnly,
  selected,
  busy,
  onToggle,
  onAction,
}: {
  listings: AdminListing[];
  caption: string;
  sort: ListingSort;
  order: 'asc' | 'desc';
  onSort: (sort: ListingSort) => void;
  readOnly: boolean;
  selected: ReadonlySet<string>;
  /** Listings with a call in flight: their actions wait for the answer. */
  busy: ReadonlySet<string>;
  onToggle: (id: string, on: boolean) => void;
  onAction: (action: RowAction, listing: AdminListing) => void;
}) {
  return (
    <table className="aw-table lb-table">
      <caption className="aw-visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {readOnly ? null : (
            <th scope="col" className="lb-table__check">
              <span className="aw-visually-hidden">Selected</span>
            </th>
          )}
          {COLUMNS.map((c) => (
            <th key={c.sort} scope="col" className={`lb-table__${c.sort}`} aria-sort={sort === c.sort ? (order === 'asc' ? 'ascending' : 'descending') : undefined}>
              <button type="button" className="lb-sort" onClick={() => onSort(c.sort)}>
                {c.label}
                <span aria-hidden="true" className="lb-sort__mark">
                  {sort === c.sort ? (order === 'asc' ? '▲' : '▼') : ''}
                </span>
              </button>
            </th>
          ))}
          <th scope="col" className="lb-table__actions">
            Actions
          </th>
        </tr>
      </thead>
      <tbody>
        {listings.map((l) => (
          <ListingRow key={l.id} listing={l} readOnly={readOnly} selected={selected.has(l.id)} busy={busy.has(l.id)} onToggle={onToggle} onAction={onAction} />
        ))}
      </tbody>
    </table>
  );
}

function ListingRow({
  listing: l,
  readOnly,
  selected,
  busy,
  onToggle,
  onAction,
}: {
  listing: AdminListing;
  readOnly: boolean;
  selected: boolean;
  busy: boolean;
  onToggle: (id: string, on: boolean) => void;
  onAction: (action: RowAction, listing: AdminListing) => void;
}) {
  const offered = rowActions(l);
  const reason = reasonOf(l);
  const changed = relativeTime(l.updatedAt);
  const act = (action: RowAction) => () => onAction(action, l);
  const item = (id: RowAction, label: string, danger?: boolean): RowMenuItem => ({ id, label, danger, onSelect: act(id) });
  const menuItems = [
    offered.reject ? item('reject', 'Reject') : null,
    offered.suspend ? item('suspend', 'Suspend') : null,
    offered.promote ? item('promote', 'Promote') : null,
    offered.viewPromotion ? item('viewPromotion', 'View Promotion') : null,
    offered.cancelPromotion ? item('cancelPromotion', 'Remove Promotion', true) : null,
    item('delete', 'Delete', true),
  ].filter((i): i is RowMenuItem => i !== null);
  return (
    <tr className={selected ? 'is-selected' : undefined} aria-busy={busy || undefined}>
      {readOnly ? null : (
        <td className="lb-table__check">
          <input type="checkbox" className="lb-checkbox" checked={selected} onChange={(e) => onToggle(l.id, e.target.checked)} aria-label={`Select ${l.name}`} />
        </td>
      )}
      <th scope="row" className="lb-table__name">
        <span className="lb-name">{l.name}</span>
        {l.address ? (
          <span className="aw-muted aw-small lb-truncate" title={l.address}>
            {l.address}
          </span>
        ) : null}
        {reason ? <span className="lb-reason aw-small aw-block">Reason: {reason.text}</span> : null}
      </th>
      <td data-label="Category">{l.category}</td>
      <td data-label="Location">{l.location}</td>
      <td data-label="Status" className="lb-table__status">
        <span className="lb-badges">
          <Badge tone={STATUS_TONES[l.status]}>{l.status}</Badge>
          {l.promoted ? (
            <Badge tone="featured">
              <Icon name="star" size={12} /> Promoted{l.position ? ` #${l.position}` : ''}
            </Badge>
          ) : null}
        </span>
        <span className="aw-muted aw-small aw-block lb-changed">
          <span className="aw-visually-hidden">Last changed </span>
          <time dateTime={l.updatedAt} title={`Last changed ${new Date(l.updatedAt).toLocaleString('en-GB')}`}>
            {changed}
          </time>
        </span>
      </td>
      <td className="lb-table__actions">
        <div className="aw-cluster lb-actions" role="group" aria-label={`Actions for ${l.name}`}>
          {readOnly ? (
            <Button size="sm" variant="secondary" onClick={act('view')} icon={<Icon name="eye" size={16} />}>
              View
            </Button>
          ) : (
            <>
              <Button size="sm" variant="secondary" onClick={act('edit')} disabled={busy} icon={<Icon name="edit" size={16} />}>
                Edit
              </Button>
              {offered.approve ? (
                <Button size="sm" variant="secondary" onClick={act('approve')} disabled={busy}>
                  Approve
                </Button>
              ) : null}
              <RowMenu label={`More actions for ${l.name}`} items={menuItems} disabled={busy} />
            </>
          )}
          <ButtonLink size="sm" variant="quiet" href={historyScreenUrl(`listing-${l.id}`)} aria-label={`History of ${l.name}`}>
            History
          </ButtonLink>
        </div>
      </td>
    </tr>
  );
}
