// The location box: free text with place suggestions as the visitor types (ARIA 1.2 combobox with a
// listbox: arrow keys move, Enter chooses, Escape closes; the active option is aria-activedescendant).
import { useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { PlaceSuggestion } from '@afterwards/contracts';
import { Icon, TextInput, useDebouncedValue, useListboxKeys } from '@afterwards/web-ui';
import { SUGGEST_DEBOUNCE_MS, SUGGEST_MIN_CHARS, fetchSuggestions } from './places';

const KIND_LABEL: Record<PlaceSuggestion['kind'], string> = {
  town: 'Town',
  district: 'Postcode area',
  postcode: 'Postcode',
};

export interface LocationComboboxProps {
  value: string;
  onChange: (text: string) => void;
  /** A suggestion was chosen: the box now holds its label and the search should run at once. */
  onChoose: (suggestion: PlaceSuggestion) => void;
}

export function LocationCombobox({ value, onChange, onChoose }: LocationComboboxProps) {
  const id = useId();
  const listboxId = `${id}-places`;
  const optionId = (i: number) => `${id}-place-${i}`;
  const [open, setOpen] = useState(false);
  /** Text that came from choosing a suggestion: no new suggestions for it. */
  const chosen = useRef<string | null>(null);

  const typed = value.trim();
  const debounced = useDebouncedValue(typed, SUGGEST_DEBOUNCE_MS);
  const wanted = open && debounced.length >= SUGGEST_MIN_CHARS && debounced !== chosen.current;
  const suggestions = useQuery({
    queryKey: ['places', 'suggest', debounced.toLowerCase()],
    queryFn: ({ signal }) => fetchSuggestions(debounced, signal),
    enabled: wanted,
    staleTime: 10 * 60_000,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const options = wanted && debounced === typed ? (suggestions.data ?? []) : [];
  const expanded = open && options.length > 0;

  const choose = (s: PlaceSuggestion) => {
    chosen.current = s.label;
    setOpen(false);
    onChoose(s);
  };
  const { activeIndex, setActive, pick, typed: retyped, inputProps } = useListboxKeys({
    options,
    expanded,
    listboxId,
    optionId,
    open: () => setOpen(true),
    close: () => setOpen(false),
    choose,
  });

  return (
    <div className="aw-combobox">
      <TextInput
        label="Location"
        type="search"
        inputMode="search"
        autoComplete="off"
        spellCheck={false}
        placeholder="Enter city, town, or postcode..."
        value={value}
        maxLength={100}
        icon={<Icon name="search" size={18} />}
        {...inputProps}
        onChange={(e) => {
          chosen.current = null;
          retyped();
          onChange(e.target.value);
        }}
      />
      <ul id={listboxId} role="listbox" aria-label="Suggested places" className="aw-combobox__list" hidden={!expanded}>
        {expanded
          ? options.map((s, i) => (
              <li
                key={`${s.kind}:${s.label}:${s.detail}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === activeIndex}
                className={i === activeIndex ? 'aw-combobox__option is-active' : 'aw-combobox__option'}
                // Keep focus in the box so the list does not close before the click lands.
                onMouseDown={(e) => e.preventDefault()}
                onMouseMove={() => setActive(i)}
                onClick={() => pick(s)}
              >
                <span className="aw-combobox__icon" aria-hidden="true">
                  <Icon name="pin" size={16} />
                </span>
                <span className="aw-combobox__text">
                  <span className="aw-combobox__label">{s.label}</span>
                  <span className="aw-combobox__detail">
                    {KIND_LABEL[s.kind]}
                    {s.detail ? ` · ${s.detail}` : ''}
                  </span>
                </span>
              </li>
            ))
          : null}
      </ul>
      <span className="aw-visually-hidden" role="status" aria-live="polite">
        {expanded ? `${options.length} ${options.length === 1 ? 'place' : 'places'} suggested. Use the up and down arrows to choose.` : ''}
      </span>
    </div>
  );
}
