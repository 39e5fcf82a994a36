// Placeholder (helper A): helper B replaces this file with the Tasks tab.
import type { TabProps } from '../store';

export function TasksTab(_props: TabProps) {
  return <p className="aw-muted">Tasks will appear here.</p>;
}
