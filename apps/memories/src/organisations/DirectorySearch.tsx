// Add from the organisation directory, searching as the family types ('Nationwide', 'DVLA', 'Octopus
// Energy'): an ARIA 1.2 combobox with a listbox (arrows move, Enter adds, Escape closes), the directory asked
// after a short pause in typing.
import { useId, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ORGANISATION_KIND_LABELS, type Organisation } from '@afterwards/contracts';
import { Icon, TextInput, useDebouncedValue, useListboxKeys } from '@afterwards/web-ui';
import { memoriesQueryClient } from '../store';
import { organisationsApi } from './organisations-api';

export const SEARCH_DEBOUNCE_MS = 250;
export const SEARCH_MIN_CHARS = 2;

export interface DirectorySearchProps {
  jurisdiction: string;
  /** Directory ids already on the memory's list: offered, but said to be there. */
  added: ReadonlySet<string>;
  onChoose(organisation: Organisation): void;
  disabled?: boolean;
}

export function DirectorySearch({ jurisdiction, added, onChoose, disabled }: DirectorySearchProps) {
  const id = useId();
  const listboxId = `${id}-organisations`;
  const optionId = (i: number) => `${id}-organisation-${i}`;
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);

  const typed = text.trim();
  const debounced = useDebouncedValue(typed, SEARCH_DEBOUNCE_MS);
  const wanted = debounced.length >= SEARCH_MIN_CHARS;
  const results = useQuery(
    {
      queryKey: ['organisation-directory', jurisdiction, debounced.toLowerCase()],
      queryFn: ({ signal }) => organisationsApi.search(debounced, jurisdiction, signal),
      enabled: wanted,
      staleTime: 5 * 60_000,
    },
    memoriesQueryClient,
  );
  const settledOnTyped = wanted && debounced === typed;
  const options = settledOnTyped ? (results.data ?? []) : [];
  const expanded = open && options.length > 0;
  const nothing = open && settledOnTyped && results.isSuccess && options.length === 0;

  const choose = (o: Organisation) => {
    if (added.has(o.id)) return;
    setOpen(false);
    setText('');
    onChoose(o);
  };
  const keys = useListboxKeys({ options, expanded, listboxId, optionId, open: () => setOpen(true), close: () => setOpen(false), choose });
  const { activeIndex, setActive, inputProps } = keys;

  const status = !open
    ? ''
    : nothing
      ? 'No organisation in the directory matches. You can add it as one of your own.'
      : expanded
        ? `${options.length} ${options.length === 1 ? 'organisation' : 'organisations'} found. Use the up and down arrows to choose, and Enter to add.`
        : '';

  return (
    <div className="aw-combobox org-combobox">
      <TextInput
        label="Search the directory"
        hint="Type a name, such as Nationwide, DVLA or Octopus Energy."
        type="search"
        autoComplete="off"
        spellCheck={false}
        value={text}
        maxLength={100}
        disabled={disabled}
        icon={<Icon name="search" size={18} />}
        {...inputProps}
        onKeyDown={(e) => {
          // Enter never submits a form from here: it adds the highlighted entry, or nothing.
          if (e.key === 'Enter') e.preventDefault();
          inputProps.onKeyDown(e);
        }}
        onChange={(e) => {
          setText(e.target.value);
          keys.typed();
        }}
      />
      <ul id={listboxId} role="listbox" aria-label="Organisations in the directory" className="aw-combobox__list" hidden={!expanded}>
        {expanded
          ? options.map((o, i) => {
              const already = added.has(o.id);
              return (
                <li
                  key={o.id}
                  id={optionId(i)}
                  role="option"
                  aria-selected={i === activeIndex}
                  aria-disabled={already || undefined}
                  className={i === activeIndex ? 'aw-combobox__option is-active' : 'aw-combobox__option'}
                  // Keep focus in the box so the list does not close before the click lands.
                  onMouseDown={(e) => e.preventDefault()}
                  onMouseMove={() => setActive(i)}
                  onClick={() => keys.pick(o)}
                >
                  <span className="aw-combobox__text">
                    <span className="aw-combobox__label">{o.name}</span>
                    <span className="aw-combobox__detail">
                      {ORGANISATION_KIND_LABELS[o.kind]}
                      {already ? ' · already on your list' : o.address[0] ? ` · ${o.address[0]}` : ''}
                    </span>
                  </span>
                </li>
              );
            })
          : null}
      </ul>
      {/* Said by the status region below; shown here for sighted people. */}
      {nothing ? (
        <p className="aw-muted org-combobox__none" aria-hidden="true">
          No organisation in the directory matches. You can add it as one of your own.
        </p>
      ) : null}
      <span className="aw-visually-hidden" role="status" aria-live="polite">
        {status}
      </span>
    </div>
  );
}
