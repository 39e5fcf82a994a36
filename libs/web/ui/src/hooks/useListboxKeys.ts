import { useState, type KeyboardEvent } from 'react';

export interface ListboxKeysOptions<T> {
  /** The options the list shows now. */
  options: readonly T[];
  /** Whether the list is shown (open, with options). */
  expanded: boolean;
  /** The listbox element's id, and each option's. */
  listboxId: string;
  optionId(index: number): string;
  open(): void;
  close(): void;
  choose(option: T): void;
}

export interface ListboxKeys<T> {
  /** The highlighted option (-1: none), for the option's `aria-selected`. */
  activeIndex: number;
  setActive(index: number): void;
  /** Chooses an option (a click, or Enter) and forgets the highlight. */
  pick(option: T): void;
  /** The text changed: the list opens, nothing highlighted. */
  typed(): void;
  /** For the text box: its combobox role and state, and its keys, focus and blur. */
  inputProps: {
    role: 'combobox';
    'aria-autocomplete': 'list';
    'aria-expanded': boolean;
    'aria-controls': string;
    'aria-activedescendant': string | undefined;
    onKeyDown(e: KeyboardEvent<HTMLInputElement>): void;
    onFocus(): void;
    onBlur(): void;
  };
}

/**
 * An ARIA 1.2 combobox whose listbox pops up below a text box: arrows move (and open), Enter chooses the
 * highlighted option, Escape closes the list keeping what was typed, Tab and leaving the box close it. Enter
 * with nothing highlighted is left to the page (a search form submits).
 */
export function useListboxKeys<T>({ options, expanded, listboxId, optionId, open, close, choose }: ListboxKeysOptions<T>): ListboxKeys<T> {
  const [active, setActive] = useState(-1);
  const activeIndex = expanded && active < options.length ? active : -1;
  const pick = (option: T) => {
    setActive(-1);
    choose(option);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    switch (e.key) {
      case 'ArrowDown':
      case 'ArrowUp': {
        e.preventDefault();
        open();
        const n = options.length;
        if (n) setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % n : i <= 0 ? n - 1 : i - 1));
        break;
      }
      case 'Enter':
        if (activeIndex >= 0) {
          e.preventDefault();
          pick(options[activeIndex]!);
        } else {
          close();
        }
        break;
      case 'Escape':
        // Close the list; keep what was typed (the browser would otherwise clear a search box).
        if (expanded) {
          e.preventDefault();
          setActive(-1);
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };
  return {
    activeIndex,
    setActive,
    pick,
    typed: () => {
      open();
      setActive(-1);
    },
    inputProps: {
      role: 'combobox',
      'aria-autocomplete': 'list',
      'aria-expanded': expanded,
      'aria-controls': listboxId,
      'aria-activedescendant': activeIndex >= 0 ? optionId(activeIndex) : undefined,
      onKeyDown,
      onFocus: open,
      onBlur: () => {
        close();
        setActive(-1);
      },
    },
  };
}
