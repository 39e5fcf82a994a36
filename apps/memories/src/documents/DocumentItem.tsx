// One checklist document of a memory: collected or not, its files (up to 5) with upload progress, and
// uploads checked in the browser before they are sent.
import { useId, useRef, useState } from 'react';
import { DOCUMENT_FILE_ACCEPT, MAX_FILES_PER_DOCUMENT, planDocumentUpload } from '@afterwards/cases-domain';
import type { MemoryDocument, MemoryFile } from '@afterwards/contracts';
import { Badge, Button, Icon, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError } from '../store';
import { chipsOverflow } from '../tasks/checklist-view';
import { Figure } from '../tasks/parts';
import { SettlementControl } from '../shared/Settlement';
import { queueUploads, updateUpload, uploadFailureMessage, type UploadProgress } from './document-view';
import { FileRow, UploadProgressList, nextBatch, showSummary, type Ask } from './document-parts';

export function DocumentItem({
  memoryId,
  document,
  ask,
  onOptimistic,
  readOnly,
}: {
  memoryId: string;
  document: MemoryDocument;
  ask: Ask;
  onOptimistic: (documentId: string, collected: boolean | null) => void;
  /** A viewer reads and downloads; nothing to tick, upload or delete. */
  readOnly: boolean;
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

    const queue = queueUploads(nextBatch(), plan.accepted);
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
    <li className={`mem-item mem-doc${document.collected ? ' is-collected' : ''}${document.settled ? ' is-settled' : ''}`}>
      <input
        id={checkboxId}
        type="checkbox"
        className="mem-check"
        checked={document.collected}
        onChange={toggle}
        disabled={readOnly}
        aria-busy={saving || undefined}
        aria-describedby={`${checkboxId}-state`}
      />
      <div className="aw-stack mem-item__body">
        <div className="aw-cluster mem-item__head">
          <label htmlFor={checkboxId} className="mem-item__title">
            {document.title}
          </label>
          <span id={`${checkboxId}-state`} className="aw-visually-hidden">
            Collected
          </span>
          {document.urgency === 'critical' ? (
            <Badge tone="danger" className="mem-badge--critical">
              Critical
            </Badge>
          ) : null}
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
          <div className="aw-cluster mem-chips">
            <span className="mem-fact__label" id={`${checkboxId}-needed`}>
              Needed for:
            </span>
            <ul className="aw-list-cluster" aria-labelledby={`${checkboxId}-needed`}>
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
        <SettlementControl
          memoryId={memoryId}
          item="documents"
          itemId={document.id}
          title={document.title}
          settled={document.settled}
          done={document.collected}
          readOnly={readOnly}
        />

        <div className="aw-stack mem-files">
          <div className="aw-split mem-files__head">
            <h4 className="mem-files__title">
              Files ({document.files.length}/{MAX_FILES_PER_DOCUMENT})
            </h4>
            {readOnly ? null : (
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
            )}
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
            <ul className="aw-list-stack mem-files__list">
              {document.files.map((file) => (
                <FileRow key={file.id} file={file} onDelete={readOnly ? undefined : () => removeFile(file)} />
              ))}
            </ul>
          ) : null}
          <UploadProgressList uploads={uploads} />
        </div>
      </div>
    </li>
  );
}
