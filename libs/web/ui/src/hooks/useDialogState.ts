import { useEffect, useRef, useState } from 'react';

/**
 * A screen's open dialog (or null). Dialogs unmount when closed, so focus goes back by hand to the control
 * that opened them, or to the section (`sectionId`, focusable) when that control has gone or is disabled,
 * e.g. Retire once the entry is retired. A dialog open from the start returns focus to the section.
 */
export function useDialogState<D>(initial: D | null | (() => D | null), sectionId: string): [D | null, (next: D | null) => void] {
  const [dialog, setDialogState] = useState<D | null>(initial);
  const opener = useRef<HTMLElement | null>(null);
  const setDialog = (next: D | null) => {
    if (next && !dialog) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    setDialogState(next);
  };
  const hadDialog = useRef(dialog !== null);
  useEffect(() => {
    if (dialog) {
      hadDialog.current = true;
      return;
    }
    if (!hadDialog.current) return;
    hadDialog.current = false;
    const target = opener.current?.isConnected && !opener.current.matches(':disabled') ? opener.current : document.getElementById(sectionId);
    opener.current = null;
    target?.focus();
  }, [dialog, sectionId]);
  return [dialog, setDialog];
}
