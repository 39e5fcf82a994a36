// A memory's additional documents (files that are not on its checklist) and the dialog that adds one.
import { useId, useState } from 'react';
import { DOCUMENT_FILE_ACCEPT, formatFileSize, planDocumentUpload } from '@afterwards/cases-domain';
import type { MemoryDocument } from '@afterwards/contracts';
import { Alert, Button, Dialog, Icon, TextInput, useToast } from '@afterwards/web-ui';
import { api } from '../api';
import { memoriesStore, reportMutationError, useCloseAllModals } from '../store';
import { additionalTitle, queueUploads, updateUpload, uploadFailureMessage, type UploadProgress } from './document-view';
import { FileLinks, UploadProgressList, nextBatch, showSummary, type Ask } from './document-parts';

export function AdditionalDocuments({ memoryId, documents, ask, readOnly }: { memoryId: string; documents: MemoryDocument[]; ask: Ask; readOnly: boolean }) {
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
        <p className="mem-additional__empty">
          {readOnly ? 'No additional documents yet.' : 'Add letters, bills or anything else that is not on the checklist with the Additional Documents button.'}
        </p>
      ) : (
        <ul className="aw-list-stack mem-list">
          {documents.map((document) => {
            const file = document.files[0];
            return (
              <li key={document.id} className="aw-row mem-additional__item">
                <Icon name="document" size={20} className="mem-file__icon" />
                <div className="aw-stack mem-additional__text">
                  <span className="mem-item__title mem-additional__title">{document.title}</span>
                  {file ? (
                    <span className="mem-file__size">
                      {file.fileName !== document.title ? `${file.fileName} · ` : ''}
                      {formatFileSize(file.fileSize)}
                    </span>
                  ) : null}
                </div>
                <span className="mem-file__actions">
                  {file ? <FileLinks file={file} name={document.title} /> : null}
                  {readOnly ? null : (
                    <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={() => remove(document)} aria-label={`Delete ${document.title}`}>
                      <Icon name="trash" size={18} />
                    </button>
                  )}
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
export function AdditionalDocumentDialog({ open, memoryId, onClose }: { open: boolean; memoryId: string; onClose: () => void }) {
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
    const queue = queueUploads(nextBatch(), plan.accepted);
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
      // On errors the dialog stays open, showing what failed.
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
        <div className="aw-cluster mem-dialog-actions">
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
