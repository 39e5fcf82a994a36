// 'More actions for {name}': the row's secondary actions behind one menu button (WAI-ARIA menu button
// pattern). Enter, Space or ArrowDown opens on the first item, ArrowUp on the last; arrows, Home and End
// move between items; Escape closes and returns focus to the button; Tab or a click outside closes.
// Choosing an item puts focus back on the button first, so a dialog the item opens returns there too.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

export interface RowMenuItem {
  id: string;
  label: string;
  danger?: boolean;
  onSelect: () => void;
}

export function RowMenu({ label, items, disabled }: { label: string; items: RowMenuItem[]; disabled?: boolean }) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<(HTMLButtonElement | null)[]>([]);

  useEffect(() => {
    if (open) itemRefs.current[active]?.focus();
  }, [open, active]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  useEffect(() => {
    if (disabled) setOpen(false);
  }, [disabled]);

  const openAt = (index: number) => {
    setActive(index);
    setOpen(true);
  };
  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) button.current?.focus();
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      openAt(0);
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      openAt(items.length - 1);
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const last = items.length - 1;
    const move = (to: number) => {
      e.preventDefault();
      setActive(to);
    };
    if (e.key === 'ArrowDown') move(active >= last ? 0 : active + 1);
    else if (e.key === 'ArrowUp') move(active <= 0 ? last : active - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(last);
    else if (e.key === 'Escape') {
      e.preventDefault();
      e.stopPropagation();
      close(true);
    } else if (e.key === 'Tab') setOpen(false);
  };

  if (items.length === 0) return null;
  return (
    <div className="lb-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="aw-btn aw-btn--quiet aw-btn--sm lb-menu__button"
        aria-label={label}
        title="More actions"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        disabled={disabled}
        onClick={() => (open ? close(false) : openAt(0))}
        onKeyDown={onButtonKey}
      >
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      {open ? (
        <div id={menuId} role="menu" aria-label={label} className="aw-stack lb-menu__list" onKeyDown={onMenuKey}>
          {items.map((item, i) => (
            <button
              key={item.id}
              ref={(el) => {
                itemRefs.current[i] = el;
              }}
              type="button"
              role="menuitem"
              tabIndex={i === active ? 0 : -1}
              className={item.danger ? 'lb-menu__item aw-danger-text' : 'lb-menu__item'}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
