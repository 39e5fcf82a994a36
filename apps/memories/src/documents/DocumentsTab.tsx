// The Documents tab (family spec section 2): counts, each memory's documents by category in collapsible
// sections, files per document (up to 5) with upload progress, and additional documents.
import { useEffect, useId, useRef, useState } from 'react';
import { DOCUMENT_CATEGORIES } from '@afterwards/checklist-domain';
import { DOCUMENT_FILE_ACCEPT, MAX_FILES_PER_DOCUMENT, formatFileSize, planDocumentUpload, uploadSummary } from '@afterwards/cases-domain';
import type { MemoryDetail, MemoryDocument, MemoryFile } from '@afterwards/contracts';
import { Alert, Badge, Button, Card, Dialog, Icon, InlineLoading, TextInput, useToast, type ToastApi } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError, useCloseAllModals, useMemories, type TabProps } from '../store';
import { DOCUMENT_CATEGORY_LABELS, chipsOverflow, documentCounts, groupByCategory, isAdditionalDocument, moreDocumentsLabel, sectionKey } from '../tasks/checklist-view';
import { CategorySection, ChecklistPreviewTab, Figure, MemoryGroupHeader, StatCounts, useConfirm } from '../tasks/parts';
import { additionalTitle, percentOf, queueUploads, updateUpload, uploadFailureMessage, type UploadProgress } from './document-view';
import './documents.css';

type Ask = ReturnType<typeof useConfirm>['ask'];

function categoryLabel(category: string): string {
  return DOCUMENT_CATEGORY_LABELS[category as keyof typeof DOCUMENT_CATEGORY_LABELS] ?? category;
}

function showSummary(toast: ToastApi, uploaded: number, failed: number, title: string) {
  const summary = uploadSummary(uploaded, failed, title);
  if (summary.tone === 'success') toast.success(summary.message);
  else if (summary.tone === 'error') toast.error(summary.message);
  else toast.show(summary.message);
}

let batches = 0;

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
    <div className="mem-tab">
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
            <Card as="section" key={memory.id} className="mem-group" id={`mem-documents-${memory.id}`} aria-label={memory.name}>
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
  const checklist = documents.filter((d) => !isAdditionalDocument(d));
  const additional = documents.filter((d) => isAdditionalDocument(d));
  const collected = checklist.filter((d) => d.collected).length;

  return (
    <Card as="section" className="mem-group" id={`mem-documents-${memoryId}`} aria-labelledby={headingId}>
      <MemoryGroupHeader
        memory={detail.memory}
        headingId={headingId}
        summary={`${collected} of ${checklist.length} collected`}
        actions={
          <Button variant="secondary" size="sm" onClick={() => setAdding(true)} icon={<Icon name="document" size={16} />}>
            Additional Documents
            <span className="aw-visually-hidden"> for {detail.memory.name}</span>
          </Button>
        }
      />
      {groupByCategory(checklist, DOCUMENT_CATEGORIES).map((group) => {
        const key = sectionKey(memoryId, group.category);
        return (
          <CategorySection
            key={key}
            title={categoryLabel(group.category)}
            summary={`${group.items.filter((d) => d.collected).length}/${group.items.length}`}
            items={group.items}
            expanded={Boolean(open[key])}
            onToggle={() => onToggle(key)}
            moreLabel={moreDocumentsLabel}
            renderItem={(document) => <DocumentItem key={document.id} memoryId={memoryId} document={document} ask={ask} onOptimistic={onOptimistic} />}
          />
        );
      })}
      <AdditionalDocuments memoryId={memoryId} documents={additional} ask={ask} />
      <AdditionalDocumentDialog open={adding} memoryId={memoryId} onClose={() => setAdding(false)} />
    </Card>
  );
}

function DocumentItem({
  memoryId,
  document,
  ask,
  onOptimistic,
}: {
  memoryId: string;
  document: MemoryDocument;
  ask: Ask;
  onOptimistic: (documentId: string, collected: boolean | null) => void;
}) {
  const toast = useToast();
  const checkboxId = useId();
  const [saving, setSaving] = useState(false);
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const inputRef = useRef<HTMLInputElement>(null);
  const full = document.files.length >= MAX_FILES_PER_DOCUMENT;
  const uploading = uploads.some((u) => u.state === 'queued' || u.state === 'uploading');
  const chips = chipsOverflow(document.neededFor);

  async function toggle() {
    if (saving) return;
    const next = !document.collected;
    setSaving(true);
    onOptimistic(document.id, next);
    try {
      memoriesStore.apply(await api.setDocumentCollected(memoryId, document.id, next));
      if (next) toast.success('Document marked as collected! 📄');
    } catch (error) {
      reportMutationError(toast, error, memoryId, () => 'Failed to update document status');
    } finally {
      onOptimistic(document.id, null);
      setSaving(false);
    }
  }

  async function upload(files: File[]) {
    const plan = planDocumentUpload(document.files.length, files);
    if (plan.error) {
      toast.error(plan.error);
      return;
    }
    if (plan.warning) toast.show(plan.warning);
    for (const refused of plan.rejected) toast.error(refused.message);
    if (plan.accepted.length === 0) return;

    const queue = queueUploads(++batches, plan.accepted);
    setUploads(queue);
    let uploaded = 0;
    let failed = plan.rejected.length;
    for (const [i, file] of plan.accepted.entries()) {
      const key = queue[i]!.key;
      setUploads((list) => updateUpload(list, key, { state: 'uploading' }));
      try {
        const detail = await api.uploadDocumentFile(memoryId, document.id, file, (fraction) => setUploads((list) => updateUpload(list, key, { fraction })));
        memoriesStore.apply(detail);
        uploaded += 1;
        setUploads((list) => updateUpload(list, key, { state: 'done', fraction: 1 }));
      } catch (error) {
        failed += 1;
        toast.error(uploadFailureMessage(error, file.name));
        setUploads((list) => updateUpload(list, key, { state: 'failed' }));
      }
    }
    showSummary(toast, uploaded, failed, document.title);
    setUploads([]);
  }

  function removeFile(file: MemoryFile) {
    ask({
      title: 'Delete file',
      message: `Are you sure you want to delete "${file.fileName}"?`,
      confirmLabel: 'Delete',
      action: async () => {
        try {
          memoriesStore.apply(await api.removeDocumentFile(memoryId, document.id, file.id));
          toast.success('File deleted');
        } catch (error) {
          reportMutationError(toast, error, memoryId, () => 'Failed to delete file');
        }
      },
    });
  }

  return (
    <li className={`mem-item mem-doc${document.collected ? ' is-collected' : ''}`}>
      <input
        id={checkboxId}
        type="checkbox"
        className="mem-check"
        checked={document.collected}
        onChange={toggle}
        aria-busy={saving || undefined}
        aria-describedby={`${checkboxId}-state`}
      />
      <div className="mem-item__body">
        <div className="mem-item__head">
          <label htmlFor={checkboxId} className="mem-item__title">
            {document.title}
          </label>
          <span id={`${checkboxId}-state`} className="aw-visually-hidden">
            Collected
          </span>
          {document.urgency === 'critical' ? <Badge className="mem-badge--critical">Critical</Badge> : null}
          {document.multipleCopies ? <Badge tone="accent">{document.recommendedCopies} copies</Badge> : null}
          {document.collected ? <Badge tone="success">Collected</Badge> : null}
        </div>
        {document.description ? <p className="mem-item__desc">{document.description}</p> : null}
        {document.whereToGet ? (
          <p className="mem-fact">
            <span className="mem-fact__label">Where to get it:</span> {document.whereToGet}
          </p>
        ) : null}
        <Figure label="Cost" value={document.cost} item={document} />
        {document.neededFor.length > 0 ? (
          <div className="mem-chips">
            <span className="mem-fact__label" id={`${checkboxId}-needed`}>
              Needed for:
            </span>
            <ul aria-labelledby={`${checkboxId}-needed`}>
              {chips.shown.map((chip) => (
                <li key={chip} className="mem-chip">
                  {chip}
                </li>
              ))}
              {chips.more ? (
                <li className="mem-chip mem-chip--more" title={document.neededFor.slice(3).join(', ')}>
                  {chips.more}
                  <span className="aw-visually-hidden">: {document.neededFor.slice(3).join(', ')}</span>
                </li>
              ) : null}
            </ul>
          </div>
        ) : null}

        <div className="mem-files">
          <div className="mem-files__head">
            <h4 className="mem-files__title">
              Files ({document.files.length}/{MAX_FILES_PER_DOCUMENT})
            </h4>
            <Button
              variant="secondary"
              size="sm"
              disabled={full || uploading}
              onClick={() => inputRef.current?.click()}
              icon={<Icon name={full ? 'check' : 'arrow-down'} size={16} className={full ? undefined : 'mem-upload-icon'} />}
            >
              {full ? 'Full' : uploading ? 'Uploading...' : 'Upload'}
              <span className="aw-visually-hidden"> files for {document.title}</span>
            </Button>
            <input
              ref={inputRef}
              type="file"
              accept={DOCUMENT_FILE_ACCEPT}
              multiple
              hidden
              tabIndex={-1}
              aria-hidden="true"
              onChange={(e) => {
                const files = Array.from(e.currentTarget.files ?? []);
                e.currentTarget.value = '';
                if (files.length) void upload(files);
              }}
            />
          </div>
          {document.files.length > 0 ? (
            <ul className="mem-files__list">
              {document.files.map((file) => (
                <FileRow key={file.id} file={file} onDelete={() => removeFile(file)} />
              ))}
            </ul>
          ) : null}
          <UploadProgressList uploads={uploads} />
        </div>
      </div>
    </li>
  );
}

function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

function FileRow({ file, onDelete }: { file: MemoryFile; onDelete: () => void }) {
  return (
    <li className="mem-file">
      <Icon name={file.fileType.startsWith('image/') ? 'image' : 'document'} size={18} className="mem-file__icon" />
      <span className="mem-file__name">{file.fileName}</span>
      <span className="mem-file__size">{formatFileSize(file.fileSize)}</span>
      <span className="mem-file__actions">
        <a className="aw-icon-button" href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`View ${file.fileName} (opens in a new tab)`}>
          <Icon name="external" size={18} />
        </a>
        <a className="aw-icon-button" href={downloadUrl(file.url)} download={file.fileName} aria-label={`Download ${file.fileName}`}>
          <Icon name="arrow-down" size={18} />
        </a>
        <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={onDelete} aria-label={`Delete ${file.fileName}`}>
          <Icon name="trash" size={18} />
        </button>
      </span>
    </li>
  );
}

function UploadProgressList({ uploads }: { uploads: readonly UploadProgress[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="mem-uploads" aria-label="Uploads">
      {uploads.map((u) => {
        const percent = percentOf(u.fraction);
        return (
          <li key={u.key} className={`mem-upload is-${u.state}`}>
            <span className="mem-upload__name" id={`mem-upload-${u.key}`}>
              {u.fileName}
            </span>
            <span className="mem-upload__state">{u.state === 'failed' ? 'Failed' : u.state === 'queued' ? 'Waiting' : `${percent}%`}</span>
            <span className="mem-upload__bar" role="progressbar" aria-labelledby={`mem-upload-${u.key}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
              <span className="mem-upload__fill" style={{ width: `${percent}%` }} />
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function AdditionalDocuments({ memoryId, documents, ask }: { memoryId: string; documents: MemoryDocument[]; ask: Ask }) {
  const toast = useToast();
  const headingId = useId();

  function remove(document: MemoryDocument) {
    ask({
      title: 'Delete document',
      message: 'Are you sure you want to delete this document?',
      confirmLabel: 'Delete',
      action: async () => {
        try {
          memoriesStore.apply(await api.removeAdditionalDocument(memoryId, document.id));
          toast.success('Document deleted');
        } catch (error) {
          reportMutationError(toast, error, memoryId, () => 'Failed to delete document');
        }
      },
    });
  }

  return (
    <section className="mem-section mem-additional" aria-labelledby={headingId}>
      <h3 id={headingId} className="mem-section__heading mem-section__heading--static">
        <span className="mem-section__title">Additional Documents ({documents.length})</span>
      </h3>
      {documents.length === 0 ? (
        <p className="mem-additional__empty">Add letters, bills or anything else that is not on the checklist with the Additional Documents button.</p>
      ) : (
        <ul className="mem-list">
          {documents.map((document) => {
            const file = document.files[0];
            return (
              <li key={document.id} className="mem-additional__item">
                <Icon name="document" size={20} className="mem-file__icon" />
                <div className="mem-additional__text">
                  <span className="mem-item__title mem-additional__title">{document.title}</span>
                  {file ? (
                    <span className="mem-file__size">
                      {file.fileName !== document.title ? `${file.fileName} · ` : ''}
                      {formatFileSize(file.fileSize)}
                    </span>
                  ) : null}
                </div>
                <span className="mem-file__actions">
                  {file ? (
                    <>
                      <a className="aw-icon-button" href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`View ${document.title} (opens in a new tab)`}>
                        <Icon name="external" size={18} />
                      </a>
                      <a className="aw-icon-button" href={downloadUrl(file.url)} download={file.fileName} aria-label={`Download ${document.title}`}>
                        <Icon name="arrow-down" size={18} />
                      </a>
                    </>
                  ) : null}
                  <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={() => remove(document)} aria-label={`Delete ${document.title}`}>
                    <Icon name="trash" size={18} />
                  </button>
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** Choose files (and, for one file, a title) and upload each as an additional document. */
function AdditionalDocumentDialog({ open, memoryId, onClose }: { open: boolean; memoryId: string; onClose: () => void }) {
  const toast = useToast();
  const fileId = useId();
  const [files, setFiles] = useState<File[]>([]);
  const [title, setTitle] = useState('');
  const [uploads, setUploads] = useState<UploadProgress[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  function close() {
    if (busy) return;
    setFiles([]);
    setTitle('');
    setUploads([]);
    setError(null);
    onClose();
  }
  useCloseAllModals(close);

  async function submit() {
    if (busy) return;
    if (files.length === 0) {
      setError('Please choose a file to upload.');
      return;
    }
    // Each additional document is its own section: the checks are those of an empty one.
    const plan = planDocumentUpload(0, files);
    if (plan.warning) toast.show(plan.warning);
    for (const refused of plan.rejected) toast.error(refused.message);
    if (plan.accepted.length === 0) {
      setError(plan.rejected[0]?.message ?? plan.error);
      return;
    }
    setBusy(true);
    setError(null);
    const queue = queueUploads(++batches, plan.accepted);
    setUploads(queue);
    let uploaded = 0;
    let failed = plan.rejected.length;
    let lastFailure: string | null = null;
    for (const [i, file] of plan.accepted.entries()) {
      const key = queue[i]!.key;
      setUploads((list) => updateUpload(list, key, { state: 'uploading' }));
      try {
        const docTitle = plan.accepted.length === 1 ? additionalTitle(title, file.name) : file.name;
        const detail = await api.addAdditionalDocument(memoryId, file, docTitle, (fraction) => setUploads((list) => updateUpload(list, key, { fraction })));
        memoriesStore.apply(detail);
        uploaded += 1;
        setUploads((list) => updateUpload(list, key, { state: 'done', fraction: 1 }));
      } catch (err) {
        failed += 1;
        lastFailure = uploadFailureMessage(err, file.name);
        toast.error(lastFailure);
        setUploads((list) => updateUpload(list, key, { state: 'failed' }));
      }
    }
    setBusy(false);
    if (uploaded === 1 && failed === 0) toast.success(`${plan.accepted[0]!.name} uploaded successfully`);
    else showSummary(toast, uploaded, failed, 'Additional Documents');
    if (failed === 0) {
      setFiles([]);
      setTitle('');
      setUploads([]);
      onClose();
    } else {
      // On errors the dialog stays open (spec section 8), showing what failed.
      setError(lastFailure);
    }
  }

  return (
    <Dialog
      open={open}
      onClose={close}
      onDismiss={close}
      title="Additional Documents"
      actions={
        <div className="mem-dialog-actions">
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} disabled={busy}>
            {busy ? 'Uploading...' : 'Upload'}
          </Button>
        </div>
      }
    >
      <p className="aw-muted">Add documents that are not on the checklist: letters, bills, statements. PDF, JPG, PNG, DOC or DOCX, up to 5 MB each.</p>
      <div className="aw-field">
        <label htmlFor={fileId} className="aw-field__label">
          Files
        </label>
        <input
          id={fileId}
          type="file"
          className="mem-file-input"
          accept={DOCUMENT_FILE_ACCEPT}
          multiple
          disabled={busy}
          onChange={(e) => {
            setFiles(Array.from(e.currentTarget.files ?? []));
            setError(null);
          }}
        />
      </div>
      {files.length <= 1 ? (
        <TextInput
          label="Title"
          hint="Leave blank to use the file's name."
          value={title}
          maxLength={255}
          disabled={busy}
          onChange={(e) => setTitle(e.currentTarget.value)}
          placeholder={files[0]?.name ?? ''}
        />
      ) : (
        <p className="aw-muted">Each file is saved under its own name.</p>
      )}
      <UploadProgressList uploads={uploads} />
      <div role="alert">{error ? <Alert tone="error">{error}</Alert> : null}</div>
    </Dialog>
  );
}

/** Before the first memory: the template's documents, first 3 per category. */
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
