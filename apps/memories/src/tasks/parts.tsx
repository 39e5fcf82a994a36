// Pieces shared by the Tasks and Documents tabs: the counts row, a memory's group heading, a collapsible
// category section, the 'check this figure' line, a confirmation dialog and the empty state with its preview.
import { useEffect, useId, useState, type ReactNode } from 'react';
import type { Jurisdiction } from '@afterwards/checklist-domain';
import type { ChecklistPreview, MemorySummary } from '@afterwards/contracts';
import { Alert, Badge, Button, Card, ConfirmDialog, ExternalLink, Icon, InlineLoading, type IconName } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { useCloseAllModals } from '../store';
import { reviewedText, sectionSlice, sourceLabel } from './checklist-view';
import './checklist.css';

export function StatCounts({ label, items }: { label: string; items: ReadonlyArray<{ label: string; value: number; tone?: 'accent' | 'success' | 'warning' }> }) {
  return (
    <dl className="mem-tally" aria-label={label}>
      {items.map((item) => (
        <div key={item.label} className={`mem-tally__item${item.tone ? ` mem-tally__item--${item.tone}` : ''}`}>
          <dt className="mem-tally__label">{item.label}</dt>
          <dd className="mem-tally__value">{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The heading of one memory's block: its name, who it is for, where (or `about`, what the block holds), and
 * the block's own actions. `level` 3 when the tab has a heading of its own above the blocks.
 */
export function MemoryGroupHeader({
  memory,
  headingId,
  level = 2,
  about,
  summary,
  actions,
}: {
  memory: MemorySummary;
  headingId: string;
  level?: 2 | 3;
  about?: ReactNode;
  summary?: ReactNode;
  actions?: ReactNode;
}) {
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <header className="aw-split mem-group__header">
      <div className="mem-group__title">
        <Heading id={headingId} className="mem-group__name">
          {memory.name}
        </Heading>
        <p className="mem-group__meta">
          {memory.deceasedName} · {about ?? memory.jurisdiction}
          {summary ? <> · {summary}</> : null}
        </p>
      </div>
      {actions ? <div className="aw-cluster mem-group__actions">{actions}</div> : null}
    </header>
  );
}

/**
 * One category of one memory. Collapsed it lists the first 3 items and a 'View N more' button; open it lists
 * them all. The heading button and the 'View N more' button toggle the same state (aria-expanded on both).
 */
export function CategorySection<T>({
  title,
  items,
  expanded,
  onToggle,
  moreLabel,
  renderItem,
  summary,
}: {
  title: string;
  items: readonly T[];
  expanded: boolean;
  onToggle: () => void;
  moreLabel: (hidden: number) => string;
  renderItem: (item: T) => ReactNode;
  summary?: string;
}) {
  const listId = useId();
  const { shown, hidden } = sectionSlice(items, expanded);
  // A section of 3 or fewer shows everything already: a toggle there would do nothing.
  const collapsible = items.length > sectionSlice(items, false).shown.length;
  const count = <span className="mem-section__count">{summary ?? `${items.length}`}</span>;
  return (
    <section className="mem-section" aria-label={title}>
      <h3 className={`mem-section__heading${collapsible ? '' : ' mem-section__heading--static'}`}>
        {collapsible ? (
          <button type="button" className="mem-section__toggle" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
            <Icon name="arrow-right" size={18} className="mem-section__chevron" />
            <span className="mem-section__title">{title}</span>
            {count}
          </button>
        ) : (
          <>
            <span className="mem-section__chevron-space" aria-hidden="true" />
            <span className="mem-section__title">{title}</span>
            {count}
          </>
        )}
      </h3>
      <ul id={listId} className="aw-list-stack mem-list">
        {shown.map((item) => renderItem(item))}
      </ul>
      {hidden > 0 ? (
        <button type="button" className="aw-text-button mem-more" aria-expanded={false} aria-controls={listId} onClick={onToggle}>
          {moreLabel(hidden)}
        </button>
      ) : expanded && collapsible ? (
        <button type="button" className="aw-text-button mem-more" aria-expanded={true} aria-controls={listId} onClick={onToggle}>
          Show fewer
        </button>
      ) : null}
    </section>
  );
}

/** Cost (or any figure) with its provenance: marked 'check', with a link to its source and its review date. */
export function Figure({ label, value, item }: { label: string; value: string; item: { checkFigure: boolean; source: string; lastReviewed: string; figureNote: string | null } }) {
  if (!value) return null;
  if (!item.checkFigure) {
    return (
      <p className="mem-fact">
        <span className="mem-fact__label">{label}:</span> {value}
      </p>
    );
  }
  return (
    <p className="mem-fact mem-figure">
      <span className="mem-fact__label">{label}:</span> {value}{' '}
      <span className="mem-figure__check">
        (check: <ExternalLink href={item.source}>{sourceLabel(item.source)}</ExternalLink>, {reviewedText(item.lastReviewed)})
      </span>
      {item.figureNote ? <span className="mem-figure__note">{item.figureNote}</span> : null}
    </p>
  );
}

interface Confirmation {
  title: string;
  message: string;
  confirmLabel: string;
  action: () => Promise<void>;
}

/**
 * One confirmation dialog for a screen: `ask` opens it; Delete runs the action (the dialog shows 'Deleting...'
 * and closes when it ends, whatever the outcome: the action reports its own errors).
 */
export function useConfirm(): { ask: (c: Confirmation) => void; element: ReactNode } {
  const [pending, setPending] = useState<Confirmation | null>(null);
  const [busy, setBusy] = useState(false);
  useCloseAllModals(() => {
    if (!busy) setPending(null);
  });
  return {
    ask: setPending,
    element: (
      <ConfirmDialog
        open={pending !== null}
        title={pending?.title ?? ''}
        confirmLabel={pending?.confirmLabel ?? 'Delete'}
        danger
        busy={busy}
        busyLabel="Deleting..."
        onCancel={() => {
          if (!busy) setPending(null);
        }}
        onConfirm={() => {
          if (!pending || busy) return;
          setBusy(true);
          void pending.action().finally(() => {
            setBusy(false);
            setPending(null);
          });
        }}
      >
        <p>{pending?.message ?? ''}</p>
      </ConfirmDialog>
    ),
  };
}

type PreviewState = { status: 'loading' } | { status: 'ready'; preview: ChecklistPreview } | { status: 'error'; message: string };

// One request per page for the empty-state preview, whichever tab asks first.
let previewRequest: Promise<ChecklistPreview> | null = null;

/** The template checklist shown before the first memory exists. */
export function useChecklistPreview(enabled: boolean): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: 'loading' });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    previewRequest ??= api.checklistPreview();
    previewRequest.then(
      (preview) => live && setState({ status: 'ready', preview }),
      (error: unknown) => {
        previewRequest = null;
        if (live) setState({ status: 'error', message: errorMessage(error) });
      },
    );
    return () => {
      live = false;
    };
  }, [enabled]);
  return state;
}

/**
 * A tab before the first memory: the empty-state card, then the template checklist's items (first 3 per
 * category). The tab says which items, how each is titled and what it shows under its title.
 */
export function ChecklistPreviewTab<T extends { id: string; title: string; urgency: string }>({
  icon,
  emptyTitle,
  emptyText,
  onCreateMemory,
  label,
  heading,
  meta,
  groups,
  categoryLabel,
  flag,
  badges,
  details,
}: {
  icon: IconName;
  emptyTitle: string;
  emptyText: string;
  onCreateMemory: () => void;
  label: string;
  heading: string;
  meta: (jurisdiction: string) => string;
  groups: (preview: ChecklistPreview) => ReadonlyArray<{ category: string; items: readonly T[] }>;
  categoryLabel: (category: string) => string;
  /** The urgency badge; by default 'Critical' on critical items. */
  flag?: (item: T) => ReactNode;
  badges?: (item: T) => ReactNode;
  details: (item: T, jurisdiction: Jurisdiction) => ReactNode;
}) {
  const preview = useChecklistPreview(true);
  return (
    <div className="aw-stack mem-tab">
      <Card className="aw-stack mem-empty">
        <span className="aw-disc mem-empty__icon" aria-hidden="true">
          <Icon name={icon} size={28} />
        </span>
        <h2 className="mem-empty__title">{emptyTitle}</h2>
        <p className="aw-muted">{emptyText}</p>
        <Button onClick={onCreateMemory}>Create Your First Memory</Button>
      </Card>
      {preview.status === 'loading' ? <InlineLoading>Loading the checklist preview...</InlineLoading> : null}
      {preview.status === 'error' ? <Alert tone="error">{preview.message}</Alert> : null}
      {preview.status === 'ready' ? (
        <Card as="section" className="aw-stack mem-group" aria-label={label}>
          <header className="aw-split mem-group__header">
            <div className="mem-group__title">
              <h2 className="mem-group__name">{heading}</h2>
              <p className="mem-group__meta">{meta(preview.preview.jurisdiction)}</p>
            </div>
          </header>
          {groups(preview.preview).map((group) => (
            <section key={group.category} className="mem-section" aria-label={categoryLabel(group.category)}>
              <h3 className="mem-section__heading mem-section__heading--static">
                <span className="mem-section__title">{categoryLabel(group.category)}</span>
                <span className="mem-section__count">{group.items.length}</span>
              </h3>
              <ul className="aw-list-stack mem-list">
                {group.items.slice(0, 3).map((item) => (
                  <li key={item.id} className="mem-item mem-item--preview">
                    <span className="mem-check mem-check--preview" aria-hidden="true" />
                    <div className="aw-stack mem-item__body">
                      <div className="aw-cluster mem-item__head">
                        <span className="mem-item__title">{item.title}</span>
                        {flag ? (
                          flag(item)
                        ) : item.urgency === 'critical' ? (
                          <Badge tone="danger" className="mem-badge--critical">
                            Critical
                          </Badge>
                        ) : null}
                        {badges?.(item)}
                      </div>
                      {details(item, preview.preview.jurisdiction)}
                    </div>
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </Card>
      ) : null}
    </div>
  );
}
