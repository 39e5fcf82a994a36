// Placeholder (helper A): helper B replaces this file with the Notes tab.
import type { TabProps } from '../store';

export function NotesTab(_props: TabProps) {
  return <p className="aw-muted">Notes will appear here.</p>;
}
