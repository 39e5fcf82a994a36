import type { ReactNode } from 'react';
import { Card } from '../components/Card';
import { TextInput } from '../components/Field';
import { Icon } from '../components/Icon';

export interface SearchFiltersProps {
  /** What the filters narrow, for screen readers ('Filter promotions'). */
  label: string;
  /** What the search box matches ('Business name or location'). */
  hint: string;
  search: string;
  onSearch: (value: string) => void;
  maxLength?: number;
  /** The section's own filters (its selects), after the search box. */
  children?: ReactNode;
}

/** A back-office section's search box and filters, one card the same on every staff screen. */
export function SearchFilters({ label, hint, search, onSearch, maxLength = 200, children }: SearchFiltersProps) {
  return (
    <Card className="aw-filters" role="search" aria-label={label}>
      <TextInput
        label="Search"
        hint={hint}
        type="search"
        value={search}
        onChange={(e) => onSearch(e.target.value)}
        maxLength={maxLength}
        icon={<Icon name="search" size={18} />}
        className="aw-filters__search"
      />
      {children}
    </Card>
  );
}
