// A form's draft of something saved on an entry: it follows the saved value when another person changes it
// (a new version arrives live), unless the family has typed since, so their words are never swept away.
import { useEffect, useRef, useState } from 'react';

/** `version` changes whenever the saved value may have: an entry's version, or a plain saved value itself. */
export function useEntryDraft<T>(saved: T, version: number | string): [T, (next: T) => void, boolean] {
  const [draft, setDraftState] = useState(saved);
  const [dirty, setDirty] = useState(false);
  const seen = useRef(version);
  useEffect(() => {
    if (seen.current === version) return;
    seen.current = version;
    // Untouched, or just saved as typed: follow the saved value from here on.
    if (!dirty || same(draft, saved)) {
      setDraftState(saved);
      setDirty(false);
    }
    // Only a new version resets the draft; `saved` is read as it is then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);
  const setDraft = (next: T) => {
    setDraftState(next);
    setDirty(true);
  };
  return [draft, setDraft, dirty && !same(draft, saved)];
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
