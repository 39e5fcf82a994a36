// Exposed as 'memories/MemoriesDashboard': the memory tabs of the signed-in dashboard (family spec section 2).
// The shell keeps it mounted on every tab so the keyboard shortcuts work everywhere; it renders nothing on
// the shell's own tabs (resources, settings).
import { useEffect } from 'react';
import { memoriesStore, useMemoriesLive, type MemoriesTab, type TabProps } from './store';
import { TasksTab } from './tasks/TasksTab';
import { DocumentsTab } from './documents/DocumentsTab';
import { NotesTab } from './notes/NotesTab';

export interface MemoriesDashboardProps {
  /** The dashboard's current tab; tabs that are not the remote's render nothing. */
  tab: string;
  /** The memory the current tab is about (case-details), if any. */
  memoryId?: string;
  /** Switches the dashboard's tab ('resources' included). */
  onNavigate(tab: MemoriesTab | 'resources', memoryId?: string): void;
}

export default function MemoriesDashboard({ tab, memoryId, onNavigate }: MemoriesDashboardProps) {
  useMemoriesLive();
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') memoriesStore.closeAllModals();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const tabProps: TabProps = { onNavigate, onCreateMemory: () => undefined, ...(memoryId ? { focusMemoryId: memoryId } : {}) };
  switch (tab) {
    case 'tasks':
      return <TasksTab {...tabProps} />;
    case 'documents':
      return <DocumentsTab {...tabProps} />;
    case 'notes':
      return <NotesTab {...tabProps} />;
    default:
      return null;
  }
}
