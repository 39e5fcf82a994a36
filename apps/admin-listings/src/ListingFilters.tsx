// Local Businesses' filters: search, status, category, promoted, and the order of the list.
import { LISTING_CATEGORIES, LISTING_STATUSES } from '@afterwards/contracts';
import { Select } from '@afterwards/web-ui';
import { SearchFilters } from '@afterwards/web-ui/back-office';
import type { ListingSort } from './ListingsTable';


/** The choice that filters nothing. */
export const ALL = 'all';
const STATUS_OPTIONS = [{ value: ALL, label: 'All statuses' }, ...LISTING_STATUSES.map((s) => ({ value: s, label: s }))];
const CATEGORY_OPTIONS = [{ value: ALL, label: 'All categories' }, ...LISTING_CATEGORIES.map((c) => ({ value: c, label: c }))];
const PROMOTED_OPTIONS = [
  { value: ALL, label: 'All' },
  { value: 'yes', label: 'Promoted' },
  { value: 'no', label: 'Not promoted' },
];
const SORT_OPTIONS: { value: string; label: string }[] = [
  { value: 'createdAt:desc', label: 'Newest first' },
  { value: 'createdAt:asc', label: 'Oldest first' },
  { value: 'updatedAt:desc', label: 'Recently changed' },
  { value: 'name:asc', label: 'Name A–Z' },
  { value: 'name:desc', label: 'Name Z–A' },
  { value: 'category:asc', label: 'Category' },
  { value: 'location:asc', label: 'Location' },
  { value: 'status:asc', label: 'Status' },
];

export interface FilterValues {
  search: string;
  status: string;
  category: string;
  promoted: string;
}

export interface ListingFiltersProps {
  filter: FilterValues;
  onFilter: (next: Partial<FilterValues>) => void;
  sort: ListingSort;
  order: 'asc' | 'desc';
  onSort: (sort: ListingSort, order: 'asc' | 'desc') => void;
}

export function ListingFilters({ filter, onFilter, sort, order, onSort }: ListingFiltersProps) {
  const current = `${sort}:${order}`;
  return (
    <SearchFilters label="Filter businesses" hint="Name, location or category" search={filter.search} onSearch={(value) => onFilter({ search: value })} maxLength={100}>
      <Select label="Status" value={filter.status} onChange={(e) => onFilter({ status: e.target.value })} options={STATUS_OPTIONS} />
      <Select label="Category" value={filter.category} onChange={(e) => onFilter({ category: e.target.value })} options={CATEGORY_OPTIONS} />
      <Select label="Promoted" value={filter.promoted} onChange={(e) => onFilter({ promoted: e.target.value })} options={PROMOTED_OPTIONS} />
      <Select
        label="Sort by"
        value={current}
        onChange={(e) => {
          const [s, o] = e.target.value.split(':') as [ListingSort, 'asc' | 'desc'];
          onSort(s, o);
        }}
        // A sort chosen from a column heading that the list does not offer is shown as it is.
        options={SORT_OPTIONS.some((o) => o.value === current) ? SORT_OPTIONS : [...SORT_OPTIONS, { value: current, label: `${sort} (${order === 'asc' ? 'ascending' : 'descending'})` }]}
      />
    </SearchFilters>
  );
}
