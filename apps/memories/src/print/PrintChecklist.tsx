// A printable checklist for one memory: every task and document with a box to tick on paper, due dates,
// where to get each document and the sources behind the figures. `usePrintChecklist` renders it into the
// page (outside the app's own tree) and prints it; print.css hides everything else while it prints.
import { useEffect, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { DOCUMENT_CATEGORIES, TASK_CATEGORIES, formatDateEnGB, isoDateIn, taskTiming } from '@afterwards/checklist-domain';
import { SETTLEMENT_LABELS } from '@afterwards/contracts';
import { useMemories } from '../store';
import { DOCUMENT_CATEGORY_LABELS, TASK_CATEGORY_LABELS, groupByCategory, isAdditionalDocument, lateStartMessage, taskFlag, timingContext } from '../tasks/checklist-view';
import { printSources } from './print-view';
import './print.css';

/** The attribute on <body> that switches the print stylesheet to the checklist alone. */
export const PRINTING_ATTRIBUTE = 'data-mem-printing';

function Box({ ticked, label }: { ticked: boolean; label: string }) {
  return (
    <span className={`mem-print__box${ticked ? ' is-ticked' : ''}`} role="img" aria-label={label}>
      {ticked ? '✓' : ''}
    </span>
  );
}

function labelOf(labels: Record<string, string>, category: string): string {
  return labels[category] ?? category.charAt(0).toUpperCase() + category.slice(1);
}

export function PrintChecklist({ memoryId }: { memoryId: string }) {
  const { details } = useMemories();
  const detail = details[memoryId];
  if (!detail) return null;
  const { memory, tasks, documents } = detail;
  const checklistDocuments = documents.filter((d) => !isAdditionalDocument(d));
  const additional = documents.filter((d) => isAdditionalDocument(d));
  const sources = printSources([...tasks, ...checklistDocuments]);
  const today = isoDateIn(new Date());
  const printedOn = formatDateEnGB(today);
  const timing = timingContext(memory, today);
  const lateStart = lateStartMessage(timing, tasks);

  return (
    <article className="mem-print" aria-label={`Printable checklist for ${memory.name}`}>
      <header className="mem-print__header">
        <p className="mem-print__brand">Afterwards · checklist</p>
        <h1 className="mem-print__title">{memory.name}</h1>
        <dl className="aw-cluster mem-print__facts">
          <div>
            <dt>For</dt>
            <dd>{memory.deceasedName}</dd>
          </div>
          <div>
            <dt>Jurisdiction</dt>
            <dd>{memory.jurisdiction}</dd>
          </div>
          {memory.dateOfDeath ? (
            <div>
              <dt>Date of death</dt>
              <dd>{formatDateEnGB(memory.dateOfDeath)}</dd>
            </div>
          ) : null}
          <div>
            <dt>Printed</dt>
            <dd>{printedOn}</dd>
          </div>
        </dl>
      </header>

      <section className="mem-print__part">
        <h2>Tasks</h2>
        {lateStart ? <p className="mem-print__note">{lateStart}</p> : null}
        {groupByCategory(tasks, TASK_CATEGORIES).map((group) => (
          <PrintGroup key={group.category} title={labelOf(TASK_CATEGORY_LABELS, group.category)}>
            {group.items.map((task) => {
              const done = task.status === 'complete';
              const settled = !done && task.settled ? SETTLEMENT_LABELS[task.settled.kind] : null;
              const deadline = taskTiming(task, timing);
              const flag = taskFlag(task);
              return (
                <li key={task.id} className="mem-print__row">
                  <Box ticked={done || settled !== null} label={done ? 'Done' : (settled ?? 'Not done')} />
                  <div>
                    <strong>{task.title}</strong>
                    {flag ? <span className="mem-print__flag"> ({flag.label.toLowerCase()})</span> : null}
                    {settled ? <span className="mem-print__flag"> ({settled.toLowerCase()})</span> : null}
                    {deadline.overdue && !settled ? <span className="mem-print__flag"> (overdue)</span> : null}
                    <span className="mem-print__detail">
                      {deadline.text}
                      {task.cost ? ` · Cost: ${task.cost}${task.checkFigure ? ' (check the source)' : ''}` : ''}
                    </span>
                    {!done && !settled && deadline.notes.length > 0 ? <span className="mem-print__detail">{deadline.notes.join(' ')}</span> : null}
                  </div>
                </li>
              );
            })}
          </PrintGroup>
        ))}
      </section>

      <section className="mem-print__part">
        <h2>Documents</h2>
        {groupByCategory(checklistDocuments, DOCUMENT_CATEGORIES).map((group) => (
          <PrintGroup key={group.category} title={labelOf(DOCUMENT_CATEGORY_LABELS, group.category)}>
            {group.items.map((document) => (
              <li key={document.id} className="mem-print__row">
                <Box
                  ticked={document.collected || document.settled !== null}
                  label={document.collected ? 'Collected' : document.settled ? SETTLEMENT_LABELS[document.settled.kind] : 'Not collected'}
                />
                <div>
                  <strong>{document.title}</strong>
                  {!document.collected && document.settled ? <span className="mem-print__flag"> ({SETTLEMENT_LABELS[document.settled.kind].toLowerCase()})</span> : null}
                  {document.multipleCopies ? <span className="mem-print__flag"> ({document.recommendedCopies} copies)</span> : null}
                  <span className="mem-print__detail">Where to get it: {document.whereToGet}</span>
                  {document.cost ? (
                    <span className="mem-print__detail">
                      Cost: {document.cost}
                      {document.checkFigure ? ' (check the source)' : ''}
                    </span>
                  ) : null}
                </div>
              </li>
            ))}
          </PrintGroup>
        ))}
        {additional.length > 0 ? (
          <PrintGroup title={`Additional Documents (${additional.length})`}>
            {additional.map((document) => (
              <li key={document.id} className="mem-print__row">
                <Box ticked={document.collected} label={document.collected ? 'Collected' : 'Not collected'} />
                <div>
                  <strong>{document.title}</strong>
                </div>
              </li>
            ))}
          </PrintGroup>
        ) : null}
      </section>

      {sources.length > 0 ? (
        <section className="mem-print__part">
          <h2>Sources</h2>
          <ol className="mem-print__sources">
            {sources.map((s) => (
              <li key={s.source}>
                {s.source}
                {s.lastReviewed ? ` (reviewed ${s.lastReviewed})` : ''}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </article>
  );
}

function PrintGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mem-print__group">
      <h3>{title}</h3>
      <ul className="mem-print__list">{children}</ul>
    </div>
  );
}

/**
 * Prints one memory's checklist: renders it at the end of <body> (outside the app, so the print stylesheet
 * can hide every other child of <body>), then calls window.print(). Returns the function and the element to
 * render somewhere in the caller's tree (a portal).
 */
export function usePrintChecklist(): { print: (memoryId: string) => void; element: ReactNode } {
  const [job, setJob] = useState<{ memoryId: string; seq: number } | null>(null);

  useEffect(() => {
    if (!job) return;
    document.body.setAttribute(PRINTING_ATTRIBUTE, '');
    const done = () => setJob((current) => (current === job ? null : current));
    window.addEventListener('afterprint', done);
    // Print once the checklist is in the document (after this commit has been painted).
    const frame = requestAnimationFrame(() => window.print());
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('afterprint', done);
      document.body.removeAttribute(PRINTING_ATTRIBUTE);
    };
  }, [job]);

  return {
    print: (memoryId) => setJob((current) => ({ memoryId, seq: (current?.seq ?? 0) + 1 })),
    element: job
      ? createPortal(
          <div className="mem-print-root">
            <PrintChecklist memoryId={job.memoryId} />
          </div>,
          document.body,
        )
      : null,
  };
}
