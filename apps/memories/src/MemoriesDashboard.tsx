// Exposed as 'memories/MemoriesDashboard': the memory tabs of the signed-in dashboard:
// overview, memories, case details, tasks, documents, notes and organisations. The shell keeps it mounted on every tab so the
// keyboard shortcuts and its dialogs work everywhere; on the shell's own tabs (resources, settings) it draws
// only those dialogs.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { InlineLoading } from '@afterwards/web-ui';
import { progressMessage } from '@afterwards/cases-domain';
import { memoriesWhereMay, type MemorySummary } from '@afterwards/contracts';
import { memoriesStore, useFarewell, useMemoriesLive, type MemoriesTab, type TabProps } from './store';
import { FarewellDialog } from './shared/FarewellDialog';
import { shortcutFor } from './shared/shortcuts';
import { isComplete } from './shared/format';
import { Celebration } from './shared/Progress';
import { useProgressShown } from './shared/progress-preference';
import { OverviewTab } from './overview/OverviewTab';
import { MemoriesList } from './memories/MemoriesList';
import { CreateMemoryDialog } from './memories/CreateMemoryDialog';
import { DeleteMemoryDialog } from './memories/DeleteMemoryDialog';
import { MemoryDetailDialog } from './memories/MemoryDetailDialog';
import { EditMemoryDialog } from './memories/EditMemoryDialog';
import { ChecklistReady } from './memories/ChecklistReady';
import './shared/memories.css';
import './memories/memories-list.css';
import './memories/case-details.css';
import './memories/sharing.css';
import './shared/dialogs.css';
import './shared/celebration.css';
import './shared/sync.css';

// The dashboard's first page (overview, list) is all a signed-in person's first load evaluates: a memory's
// own screens (its details, tasks with their deadline rules, documents, notes, organisations with their
// letters) load when first opened, so their code is not run, nor its schemas built, before the page can
// answer a tap.
const CaseDetails = lazy(() => import('./memories/CaseDetails').then((m) => ({ default: m.CaseDetails })));
const TasksTab = lazy(() => import('./tasks/TasksTab').then((m) => ({ default: m.TasksTab })));
const DocumentsTab = lazy(() => import('./documents/DocumentsTab').then((m) => ({ default: m.DocumentsTab })));
const NotesTab = lazy(() => import('./notes/NotesTab').then((m) => ({ default: m.NotesTab })));
const OrganisationsTab = lazy(() => import('./organisations/OrganisationsTab').then((m) => ({ default: m.OrganisationsTab })));

export interface MemoriesDashboardProps {
  /** The dashboard's current tab; tabs that are not the remote's render nothing. */
  tab: string;
  /** The memory the current tab is about (case-details; a focus on tasks, documents or notes). */
  memoryId?: string;
  /** Switches the dashboard's tab ('resources' included). */
  onNavigate(tab: MemoriesTab | 'resources', memoryId?: string): void;
}

export default function MemoriesDashboard({ tab, memoryId, onNavigate }: MemoriesDashboardProps) {
  const { loaded, memories } = useMemoriesLive();
  const [createOpen, setCreateOpen] = useState(false);
  const [infoFor, setInfoFor] = useState<string | null>(null);
  const [editFor, setEditFor] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<MemorySummary | null>(null);
  const [celebration, setCelebration] = useState<string | null>(null);
  // The memory just created: a calm 'checklist ready' note on the list (no confetti; decision 0047).
  const [readyId, setReadyId] = useState<string | null>(null);
  const ready = readyId ? memories.find((m) => m.id === readyId) : undefined;
  const progressShown = useProgressShown();

  const closeMine = useCallback(() => {
    setCreateOpen(false);
    setInfoFor(null);
    setEditFor(null);
    setDeleting(null);
  }, []);
  const openCreate = useCallback(() => {
    closeMine();
    setCreateOpen(true);
  }, [closeMine]);

  // Shortcuts on the whole page; read the latest memories and navigation through refs.
  const latest = useRef({ memories, onNavigate, openCreate, closeMine });
  latest.current = { memories, onNavigate, openCreate, closeMine };
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const action = shortcutFor(e);
      if (!action) return;
      if (action === 'close-all') {
        memoriesStore.closeAllModals();
        return;
      }
      e.preventDefault();
      const { memories: list, onNavigate: go, openCreate: create, closeMine: close } = latest.current;
      if (action === 'create-memory') create();
      else {
        // The note editor opens for the first memory the person may write in; with none, just the notes.
        const writable = memoriesWhereMay(list, 'write-notes')[0];
        close();
        if (writable) memoriesStore.openNoteEditor(writable.id);
        go('notes', writable?.id ?? list[0]?.id);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  // The celebration plays only when a memory becomes all done (the one progress rule) while the page is open:
  // not on the first load, and never for creating one.
  const finishedBefore = useRef<Map<string, boolean> | null>(null);
  useEffect(() => {
    if (!loaded) return;
    const previous = finishedBefore.current;
    finishedBefore.current = new Map(memories.map((m) => [m.id, isComplete(m.progress)]));
    if (!previous) return;
    const finished = memories.find((m) => isComplete(m.progress) && previous.get(m.id) === false);
    if (finished) setCelebration(progressMessage(100));
  }, [loaded, memories]);
  const endCelebration = useCallback(() => setCelebration(null), []);

  // A memory shared with this person went away while its screen was open: never a blank page or a
  // 'select a case' message; the list, and a calm word about what happened (decision 0045).
  const farewell = useFarewell();
  const memoryTab = ['overview', 'cases', 'case-details', 'tasks', 'documents', 'notes', 'organisations'].includes(tab);
  const showsIt = farewell !== null && memoryTab && (!memoryId || memoryId === farewell.memoryId);
  useEffect(() => {
    if (!farewell) return;
    if (!showsIt) {
      memoriesStore.dismissFarewell();
      return;
    }
    if (memoryId === farewell.memoryId) {
      closeMine();
      onNavigate('cases');
    }
  }, [farewell, showsIt, memoryId, onNavigate, closeMine]);

  const tabProps: TabProps = { onNavigate, onCreateMemory: openCreate, ...(memoryId ? { focusMemoryId: memoryId } : {}) };

  let content: ReactNode = null;
  switch (tab) {
    case 'overview':
      content = <OverviewTab onNavigate={onNavigate} onCreateMemory={openCreate} />;
      break;
    case 'cases':
      content = <MemoriesList onCreateMemory={openCreate} onViewDetails={(id) => onNavigate('case-details', id)} onShowInfo={setInfoFor} onDelete={setDeleting} />;
      break;
    case 'case-details':
      content = <CaseDetails memoryId={memoryId} onNavigate={onNavigate} onShowInfo={setInfoFor} onEdit={setEditFor} />;
      break;
    case 'tasks':
      content = <TasksTab {...tabProps} />;
      break;
    case 'documents':
      content = <DocumentsTab {...tabProps} />;
      break;
    case 'notes':
      content = <NotesTab {...tabProps} />;
      break;
    case 'organisations':
      content = <OrganisationsTab {...tabProps} />;
      break;
  }

  return (
    <>
      {content ? (
        <div className="aw-stack mem-root">
          {ready && tab === 'cases' ? (
            <ChecklistReady
              memory={ready}
              onOpenTasks={() => {
                setReadyId(null);
                onNavigate('tasks', ready.id);
              }}
              onDismiss={() => setReadyId(null)}
            />
          ) : null}
          <Suspense fallback={<InlineLoading>Opening...</InlineLoading>}>{content}</Suspense>
        </div>
      ) : null}
      <CreateMemoryDialog
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(id) => {
          setCreateOpen(false);
          onNavigate('cases');
          setReadyId(id);
        }}
      />
      <MemoryDetailDialog memoryId={infoFor} onClose={() => setInfoFor(null)} onNavigate={onNavigate} onEdit={setEditFor} />
      <EditMemoryDialog memoryId={editFor} onClose={() => setEditFor(null)} />
      <DeleteMemoryDialog
        memory={deleting}
        onClose={() => setDeleting(null)}
        onDeleted={(id) => {
          setDeleting(null);
          if (memoryId === id) onNavigate('cases');
        }}
      />
      {celebration && progressShown ? <Celebration message={celebration} onDone={endCelebration} /> : null}
      {farewell && showsIt ? <FarewellDialog farewell={farewell} onClose={() => memoriesStore.dismissFarewell()} /> : null}
    </>
  );
}
