// The Documents tab: counts, each memory's documents by category in collapsible
// sections, files per document (up to 5) with upload progress, and additional documents.
import { useEffect, useId, useState } from 'react';
import { DOCUMENT_CATEGORIES } from '@afterwards/checklist-domain';
import type { MemoryDetail, MemoryDocument } from '@afterwards/contracts';
import { Badge, Button, Card, Icon, InlineLoading } from '@afterwards/web-ui';
import { useMemories, type TabProps } from '../store';
import { DOCUMENT_CATEGORY_LABELS, documentCounts, groupByCategory, isAdditionalDocument, moreDocumentsLabel, sectionKey } from '../tasks/checklist-view';
import { CategorySection, ChecklistPreviewTab, MemoryGroupHeader, StatCounts, useConfirm } from '../tasks/parts';
import type { Ask } from './document-parts';
import { DocumentItem } from './DocumentItem';
import { may } from '../shared/people';
import { ReadOnlyNote } from '../shared/ReadOnlyNote';
import { documentsProgress, settledBreakdown } from '../shared/format';
import { AdditionalDocuments, AdditionalDocumentDialog } from './AdditionalDocuments';
import './documents.css';

function categoryLabel(category: string): string {
  return DOCUMENT_CATEGORY_LABELS[category as keyof typeof DOCUMENT_CATEGORY_LABELS] ?? category;
}

export function DocumentsTab({ onCreateMemory, focusMemoryId }: TabProps) {
  const { loaded, memories, details } = useMemories();
  const [open, setOpen] = useState<Record<string, boolean>>({});
  // Optimistic 'collected' by document id, shown until the server answers.
  const [optimistic, setOptimistic] = useState<Record<string, boolean>>({});
  const confirm = useConfirm();

  useEffect(() => {
    if (focusMemoryId) document.getElementById(`mem-documents-${focusMemoryId}`)?.scrollIntoView({ block: 'start' });
  }, [focusMemoryId]);

  const withCollected = (detail: MemoryDetail): MemoryDocument[] =>
    detail.documents.map((d) => (d.id in optimistic && optimistic[d.id] !== d.collected ? { ...d, collected: optimistic[d.id]! } : d));

  if (!loaded) return <InlineLoading>Loading your documents...</InlineLoading>;
  if (memories.length === 0) return <DocumentsPreview onCreateMemory={onCreateMemory} />;

  const counts = documentCounts(memories.flatMap((m) => (details[m.id] ? withCollected(details[m.id]!) : [])));

  return (
    <div className="aw-stack mem-tab">
      <StatCounts
        label="Document counts"
        items={[
          { label: 'Total', value: counts.total },
          { label: 'Legal', value: counts.legal, tone: 'accent' },
          { label: 'Financial', value: counts.financial, tone: 'accent' },
          { label: 'Collected', value: counts.collected, tone: 'success' },
        ]}
      />
      {memories.map((memory) => {
        const detail = details[memory.id];
        if (!detail) {
          return (
            <Card as="section" key={memory.id} className="aw-stack mem-group" id={`mem-documents-${memory.id}`} aria-label={memory.name}>
              <InlineLoading>Loading this memory's documents...</InlineLoading>
            </Card>
          );
        }
        return (
          <MemoryDocuments
            key={memory.id}
            detail={detail}
            documents={withCollected(detail)}
            open={open}
            onToggle={(key) => setOpen((o) => ({ ...o, [key]: !o[key] }))}
            ask={confirm.ask}
            onOptimistic={(documentId, collected) =>
              setOptimistic((o) => {
                const next = { ...o };
                if (collected === null) delete next[documentId];
                else next[documentId] = collected;
                return next;
              })
            }
          />
        );
      })}
      {confirm.element}
    </div>
  );
}

function MemoryDocuments({
  detail,
  documents,
  open,
  onToggle,
  ask,
  onOptimistic,
}: {
  detail: MemoryDetail;
  documents: MemoryDocument[];
  open: Record<string, boolean>;
  onToggle: (key: string) => void;
  ask: Ask;
  onOptimistic: (documentId: string, collected: boolean | null) => void;
}) {
  const headingId = useId();
  const [adding, setAdding] = useState(false);
  const memoryId = detail.memory.id;
  const readOnly = !may(detail.memory, 'upload');
  const checklist = documents.filter((d) => !isAdditionalDocument(d));
  const additional = documents.filter((d) => isAdditionalDocument(d));
  const progress = documentsProgress(checklist);
  const ways = settledBreakdown(progress, 'collected');

  return (
    <Card as="section" className="aw-stack mem-group" id={`mem-documents-${memoryId}`} aria-labelledby={headingId}>
      <MemoryGroupHeader
        memory={detail.memory}
        headingId={headingId}
        summary={ways ? `${progress.done} of ${progress.total} done (${ways})` : `${progress.completed} of ${progress.total} collected`}
        actions={
          readOnly ? null : (
            <Button variant="secondary" size="sm" onClick={() => setAdding(true)} icon={<Icon name="document" size={16} />}>
              Additional Documents
              <span className="aw-visually-hidden"> for {detail.memory.name}</span>
            </Button>
          )
        }
      />
      {readOnly ? <ReadOnlyNote memory={detail.memory} doing="collect and upload documents" /> : null}
      {groupByCategory(checklist, DOCUMENT_CATEGORIES).map((group) => {
        const key = sectionKey(memoryId, group.category);
        return (
          <CategorySection
            key={key}
            title={categoryLabel(group.category)}
            summary={`${documentsProgress(group.items).done}/${group.items.length}`}
            items={group.items}
            expanded={Boolean(open[key])}
            onToggle={() => onToggle(key)}
            moreLabel={moreDocumentsLabel}
            renderItem={(document) => <DocumentItem key={document.id} memoryId={memoryId} document={document} ask={ask} onOptimistic={onOptimistic} readOnly={readOnly} />}
          />
        );
      })}
      <AdditionalDocuments memoryId={memoryId} documents={additional} ask={ask} readOnly={readOnly} />
      <AdditionalDocumentDialog open={adding} memoryId={memoryId} onClose={() => setAdding(false)} />
    </Card>
  );
}

function DocumentsPreview({ onCreateMemory }: { onCreateMemory: () => void }) {
  return (
    <ChecklistPreviewTab
      icon="document"
      emptyTitle="No documents yet"
      emptyText="Create a memory to get the list of documents you will need, and keep copies of them here."
      onCreateMemory={onCreateMemory}
      label="Preview of the documents checklist"
      heading="The documents you are likely to need"
      meta={(jurisdiction) => `Examples for ${jurisdiction}`}
      groups={(preview) => groupByCategory(preview.documents, DOCUMENT_CATEGORIES)}
      categoryLabel={categoryLabel}
      badges={(document) => (document.multipleCopies ? <Badge tone="accent">{document.recommendedCopies} copies</Badge> : null)}
      details={(document) =>
        document.whereToGet ? (
          <p className="mem-fact">
            <span className="mem-fact__label">Where to get it:</span> {document.whereToGet}
          </p>
        ) : null
      }
    />
  );
}
