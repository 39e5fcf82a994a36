// The dashboard's keyboard shortcuts, as a pure mapping from a key press.
export type ShortcutAction = 'create-memory' | 'open-note-editor' | 'close-all';

export interface KeyPress {
  key: string;
  code?: string;
  ctrlKey: boolean;
  metaKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
}

/** Ctrl/Cmd+N: create memory; Ctrl/Cmd+Shift+N: note editor for the first memory; Escape: close all modals. */
export function shortcutFor(e: KeyPress): ShortcutAction | null {
  if (e.key === 'Escape') return 'close-all';
  const isN = e.code === 'KeyN' || e.key.toLowerCase() === 'n';
  if (!isN || e.altKey || !(e.ctrlKey || e.metaKey)) return null;
  return e.shiftKey ? 'open-note-editor' : 'create-memory';
}
