// Placeholder (helper A): helper B replaces this file with the Documents tab.
import type { TabProps } from '../store';

export function DocumentsTab(_props: TabProps) {
  return <p className="aw-muted">Documents will appear here.</p>;
}
