// The bar that appears while listings are selected: how many, and what to do with them all at once.
import { useState } from 'react';
import { LISTING_STATUSES, type ListingStatus } from '@afterwards/contracts';
import { Button, Icon, Select } from '@afterwards/web-ui';

/** Every listing matching the filters is selected (up to the server's limit), rather than one page's. */
export type SelectAll = { total: number; truncated: boolean } | null;

export interface BulkBarProps {
  count: number;
  selectAll: SelectAll;
  onStatus: (status: ListingStatus) => void;
  onDelete: () => void;
  onClear: () => void;
}

const n = (v: number) => v.toLocaleString('en-GB');

export function BulkBar({ count, selectAll, onStatus, onDelete, onClear }: BulkBarProps) {
  const [status, setStatus] = useState<ListingStatus | ''>('');
  return (
    <div className="aw-split lb-bulk" role="region" aria-label="Bulk actions">
      <p className="lb-bulk__count" role="status">
        {selectAll
          ? `All ${n(count)} matching listings selected${selectAll.truncated ? ` (the first ${n(count)} of ${n(selectAll.total)}; narrow the filters to reach the rest)` : ''}`
          : `${n(count)} selected`}
      </p>
      <div className="aw-cluster lb-bulk__controls">
        <Select
          label="Change status to"
          hideLabel
          value={status}
          onChange={(e) => setStatus(e.target.value as ListingStatus | '')}
          options={[{ value: '', label: 'Change status to…' }, ...LISTING_STATUSES.map((s) => ({ value: s, label: s }))]}
        />
        <Button size="sm" variant="secondary" disabled={!status} onClick={() => status && onStatus(status)}>
          Apply status
        </Button>
        <Button size="sm" variant="secondary" className="aw-danger-text" onClick={onDelete} icon={<Icon name="trash" size={16} />}>
          Delete
        </Button>
        <Button size="sm" variant="quiet" onClick={onClear}>
          Clear selection
        </Button>
      </div>
    </div>
  );
}
