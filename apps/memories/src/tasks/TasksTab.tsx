// The Tasks tab: counts, then each memory's tasks by category in collapsible sections
// (first 3, then 'View N more tasks...'). Ticking a task is optimistic and rolls back if the server refuses.
import { useEffect, useId, useState } from 'react';
import { TASK_CATEGORIES, isoDateIn, taskTiming, type TimingContext } from '@afterwards/checklist-domain';
import type { MemoryDetail, MemoryTask } from '@afterwards/contracts';
import { Badge, Button, Card, Icon, InlineLoading, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError, useMemories, type TabProps } from '../store';
import { SettlementControl } from '../shared/Settlement';
import { isOwner, isShared, may, personName } from '../shared/people';
import { usePrintChecklist } from '../print/PrintChecklist';
import { CalendarAndReminders } from './CalendarAndReminders';
import { LateStartOffer } from './LateStartOffer';
import { ReadOnlyNote } from '../shared/ReadOnlyNote';
import { settledBreakdown, tasksProgress } from '../shared/format';
import { TASK_CATEGORY_LABELS, groupByCategory, lateStartMessage, moreTasksLabel, sectionKey, taskFlag, timingContext } from './checklist-view';
import { CategorySection, ChecklistPreviewTab, Figure, MemoryGroupHeader, StatCounts } from './parts';

type TaskStatus = MemoryTask['status'];

function categoryLabel(category: string): string {
  return TASK_CATEGORY_LABELS[category as keyof typeof TASK_CATEGORY_LABELS] ?? category;
}

export function TasksTab({ onCreateMemory, focusMemoryId }: TabProps) {
  const { loaded, memories, details } = useMemories();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  // Optimistic statuses by task id, shown until the server answers.
  const [optimistic, setOptimistic] = useState<Record<string, TaskStatus>>({});
  const printing = usePrintChecklist();
  const today = isoDateIn(new Date());

  const withStatus = (detail: MemoryDetail): MemoryTask[] => detail.tasks.map((t) => (optimistic[t.id] && optimistic[t.id] !== t.status ? { ...t, status: optimistic[t.id]! } : t));

  const counts = tasksProgress(memories.flatMap((m) => (details[m.id] ? withStatus(details[m.id]!) : [])));

  useEffect(() => {
    if (focusMemoryId) document.getElementById(`mem-tasks-${focusMemoryId}`)?.scrollIntoView({ block: 'start' });
  }, [focusMemoryId]);

  if (!loaded) return <InlineLoading>Loading your tasks...</InlineLoading>;
  if (memories.length === 0) return <TasksPreview onCreateMemory={onCreateMemory} />;

  return (
    <div className="aw-stack mem-tab">
      <StatCounts
        label="Task counts"
        items={[
          // The one progress rule (decision 0047): 'Completed' counts not needed and done before too, so the
          // three add up to the total and agree with every bar.
          { label: 'Pending', value: counts.open, tone: 'warning' },
          { label: 'In Progress', value: counts.inProgress, tone: 'accent' },
          { label: 'Completed', value: counts.done, tone: 'success' },
          { label: 'Total', value: counts.total },
        ]}
      />
      {memories.map((memory) => {
        const detail = details[memory.id];
        return (
          <MemoryTasks
            key={memory.id}
            memoryId={memory.id}
            detail={detail}
            tasks={detail ? withStatus(detail) : []}
            today={today}
            open={open}
            onToggle={(key) => setOpen((o) => ({ ...o, [key]: !o[key] }))}
            onPrint={() => printing.print(memory.id)}
            onOptimistic={(taskId, status) =>
              setOptimistic((o) => {
                const next = { ...o };
                if (status) next[taskId] = status;
                else delete next[taskId];
                return next;
              })
            }
          />
        );
      })}
      {printing.element}
    </div>
  );
}

function MemoryTasks({
  memoryId,
  detail,
  tasks,
  today,
  open,
  onToggle,
  onPrint,
  onOptimistic,
}: {
  memoryId: string;
  detail: MemoryDetail | undefined;
  tasks: MemoryTask[];
  today: string;
  open: Record<string, boolean>;
  onToggle: (key: string) => void;
  onPrint: () => void;
  onOptimistic: (taskId: string, status: TaskStatus | null) => void;
}) {
  const headingId = useId();
  if (!detail) {
    return (
      <Card as="section" className="aw-stack mem-group" id={`mem-tasks-${memoryId}`}>
        <InlineLoading>Loading this memory's tasks...</InlineLoading>
      </Card>
    );
  }
  const progress = tasksProgress(tasks);
  const ways = settledBreakdown(progress);
  const timing = timingContext(detail.memory, today);
  const lateStart = lateStartMessage(timing, tasks, isOwner(detail.memory) ? null : detail.memory.ownerName || 'Its owner');
  return (
    <Card as="section" className="aw-stack mem-group" id={`mem-tasks-${memoryId}`} aria-labelledby={headingId}>
      <MemoryGroupHeader
        memory={detail.memory}
        headingId={headingId}
        summary={`${progress.done} of ${progress.total} tasks done${ways ? ` (${ways})` : ''}`}
        actions={
          <>
            {/* The .ics file, a private calendar address and this memory's reminder e-mails, in one dialog. */}
            <CalendarAndReminders memoryId={memoryId} memoryName={detail.memory.name} />
            <Button variant="secondary" size="sm" onClick={onPrint} icon={<Icon name="checklist" size={16} />} className="mem-no-print">
              Print checklist
              <span className="aw-visually-hidden"> for {detail.memory.name}</span>
            </Button>
          </>
        }
      />
      {may(detail.memory, 'tick') ? null : <ReadOnlyNote memory={detail.memory} doing="tick things off" />}
      {lateStart ? <p className="mem-late-start">{lateStart}</p> : null}
      <LateStartOffer memoryId={memoryId} tasks={tasks} timing={timing} readOnly={!may(detail.memory, 'tick')} />
      {tasks.length === 0 ? <p className="aw-muted">This memory has no tasks.</p> : null}
      {groupByCategory(tasks, TASK_CATEGORIES).map((group) => {
        const key = sectionKey(memoryId, group.category);
        const { done } = tasksProgress(group.items);
        return (
          <CategorySection
            key={key}
            title={categoryLabel(group.category)}
            summary={`${done}/${group.items.length}`}
            items={group.items}
            expanded={Boolean(open[key])}
            onToggle={() => onToggle(key)}
            moreLabel={moreTasksLabel}
            renderItem={(task) => (
              <TaskItem
                key={task.id}
                memoryId={memoryId}
                task={task}
                timing={timing}
                onOptimistic={onOptimistic}
                readOnly={!may(detail.memory, 'tick')}
                tickedBy={isShared(detail) && task.status === 'complete' ? personName(detail, task.completedBy) : null}
              />
            )}
          />
        );
      })}
    </Card>
  );
}

function TaskItem({
  memoryId,
  task,
  timing,
  onOptimistic,
  readOnly,
  tickedBy,
}: {
  memoryId: string;
  task: MemoryTask;
  timing: TimingContext;
  onOptimistic: (taskId: string, status: TaskStatus | null) => void;
  /** A viewer sees the state but cannot change it. */
  readOnly: boolean;
  /** On a shared memory: who ticked it. */
  tickedBy: string | null;
}) {
  const [saving, setSaving] = useState(false);
  const checkboxId = useId();
  const toastApi = useToast();
  const complete = task.status === 'complete';
  const deadline = taskTiming(task, timing);

  async function toggle() {
    if (saving) return;
    const next = complete ? 'pending' : 'complete';
    setSaving(true);
    onOptimistic(task.id, next);
    try {
      const detail = await api.setTaskStatus(memoryId, task.id, next);
      memoriesStore.apply(detail);
      if (next === 'complete') toastApi.success('Task marked as complete! 🎉');
    } catch (error) {
      reportMutationError(toastApi, error, memoryId, () => 'Failed to update task status');
    } finally {
      onOptimistic(task.id, null);
      setSaving(false);
    }
  }

  return (
    <li className={`mem-item${complete ? ' is-done' : ''}${task.settled ? ' is-settled' : ''}`}>
      <input id={checkboxId} type="checkbox" className="mem-check" checked={complete} onChange={toggle} disabled={readOnly} aria-busy={saving || undefined} />
      <div className="aw-stack mem-item__body">
        <div className="aw-cluster mem-item__head">
          <label htmlFor={checkboxId} className="mem-item__title">
            {task.title}
          </label>
          <TaskFlagBadge task={task} />
          {deadline.overdue && !task.settled ? <Badge className="mem-badge--overdue">Overdue</Badge> : null}
        </div>
        <TaskDeadline text={deadline.text} state={deadline.state} notes={complete || task.settled ? [] : deadline.notes} />
        {task.description ? <p className="mem-item__desc">{task.description}</p> : null}
        <Figure label="Cost" value={task.cost} item={task} />
        {tickedBy ? <p className="mem-item__by">Ticked by {tickedBy}</p> : null}
        <SettlementControl memoryId={memoryId} item="tasks" itemId={task.id} title={task.title} settled={task.settled} done={complete} readOnly={readOnly} />
      </div>
    </li>
  );
}

/** 'Critical' only where the law sets the deadline; an urgent suggested task gets a calm 'Priority'. */
function TaskFlagBadge({ task }: { task: { urgency: string; deadlineKind: string } }) {
  const flag = taskFlag(task);
  return flag ? (
    <Badge tone={flag.tone === 'critical' ? 'danger' : 'neutral'} className={`mem-badge--${flag.tone}`}>
      {flag.label}
    </Badge>
  ) : null;
}

/** The deadline line and its plain notes (why a date moved, when a clock starts, what can still be done). */
function TaskDeadline({ text, state, notes }: { text: string; state: string; notes: readonly string[] }) {
  return (
    <>
      <p className={`mem-item__deadline mem-item__deadline--${state}`}>{text}</p>
      {notes.length > 0 ? (
        <ul className="mem-item__notes">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/** Before the first memory: the template's tasks, first 3 per category. */
function TasksPreview({ onCreateMemory }: { onCreateMemory: () => void }) {
  return (
    <ChecklistPreviewTab
      icon="checklist"
      emptyTitle="No tasks yet"
      emptyText="Create a memory and you will get a checklist like this one for where the person lived."
      onCreateMemory={onCreateMemory}
      label="Preview of the tasks checklist"
      heading="What the checklist looks like"
      meta={(jurisdiction) => `Example tasks for ${jurisdiction}`}
      groups={(preview) => groupByCategory(preview.tasks, TASK_CATEGORIES)}
      categoryLabel={categoryLabel}
      flag={(task) => <TaskFlagBadge task={task} />}
      details={(task, jurisdiction) => {
        // No memory yet, so no date of death: each timing reads as its period ('within 5 days').
        const deadline = taskTiming(task, { today: isoDateIn(new Date()), startedOn: null, dateOfDeath: null, jurisdiction });
        return (
          <>
            <TaskDeadline text={deadline.text} state={deadline.state} notes={[]} />
            {task.description ? <p className="mem-item__desc">{task.description}</p> : null}
          </>
        );
      }}
    />
  );
}
