// Exposed as 'admin_documents/Documents': the Document Processing section of the staff back office (admin
// spec: Document Processing, document extraction rules, Processed document, Upload item). Several
// documents upload side by side with a progress list; each becomes a Pending Review listing in the review
// queue, where staff check the extracted fields beside the document's text, correct them and approve, or
// reject with a note. Changes by other staff arrive through the staff socket.
import { useCallback, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ApproveDocumentSchema,
  DEFAULT_REJECT_NOTE,
  DOCUMENT_ACCEPT,
  DOCUMENT_IMPORTS_PATH,
  DOCUMENT_MESSAGES,
  LISTING_CATEGORIES,
  ProcessedDocumentDetailSchema,
  ProcessedDocumentListSchema,
  ProcessedDocumentSchema,
  type AdminUser,
  type ApproveDocumentInput,
  type ProcessedDocument,
  type ProcessedDocumentDetail,
  staffMay,
} from '@afterwards/contracts';
import { errorMessage, fieldErrors, formatDateTime, staffRequest, uploadFile, useStaffChanges } from '@afterwards/web-staff';
import { withOwnQueryClient } from '@afterwards/web-staff/queries';
import { Alert, Badge, Button, Card, Dialog, Icon, InlineLoading, Select, TextArea, TextInput, useToast } from '@afterwards/web-ui';
import { textFieldsOf } from '@afterwards/web-ui/forms';
import { FIELD_LABELS, REVIEW_LABELS, SUCCESS_CLEAR_MS, UPLOAD_LIST_CLEAR_MS, UPLOAD_PROGRESS, confidenceBadge, fileSize, missingFields, type UploadStatus } from './document-view';
import '@afterwards/web-ui/back-office';
import './admin-documents.css';

export interface DocumentsProps {
  admin: AdminUser;
}

const DOCUMENTS_KEY = ['admin-documents'] as const;
/** Documents uploaded at once (each is parsed on the server). */
const PARALLEL_UPLOADS = 2;

export default withOwnQueryClient(DocumentsView);

interface UploadItem {
  id: number;
  fileName: string;
  size: number;
  status: UploadStatus;
  message?: string;
}

type DialogState = { kind: 'details'; id: string } | { kind: 'reject'; document: ProcessedDocument };

function DocumentsView({ admin }: DocumentsProps) {
  const readOnly = !staffMay(admin.role, 'change');
  const queryClient = useQueryClient();
  const toast = useToast();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [uploads, setUploads] = useState<UploadItem[]>([]);
  const [success, setSuccess] = useState<string | null>(null);
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const nextId = useRef(1);

  const { data, error, isPending } = useQuery({
    queryKey: DOCUMENTS_KEY,
    queryFn: ({ signal }) => staffRequest('GET', DOCUMENT_IMPORTS_PATH, { schema: ProcessedDocumentListSchema, signal }),
  });
  useStaffChanges(useCallback(() => void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }), [queryClient]));

  const update = (id: number, change: Partial<UploadItem>) => setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = [...(e.target.files ?? [])];
    e.target.value = '';
    if (files.length === 0) return;
    setSuccess(null);
    const items = files.map((file) => ({ file, item: { id: nextId.current++, fileName: file.name, size: file.size, status: 'pending' as UploadStatus } }));
    setUploads((list) => [...list, ...items.map((i) => i.item)]);
    const processed: string[] = [];
    let next = 0;
    const worker = async () => {
      while (next < items.length) {
        const { file, item } = items[next++]!;
        update(item.id, { status: 'uploading' });
        try {
          await uploadFile(DOCUMENT_IMPORTS_PATH, file, { schema: ProcessedDocumentSchema, onSent: () => update(item.id, { status: 'processing' }) });
          update(item.id, { status: 'completed' });
          processed.push(file.name);
          void queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
        } catch (err) {
          const message = errorMessage(err);
          update(item.id, { status: 'error', message });
          toast.error(message.startsWith('Failed to process') ? message : DOCUMENT_MESSAGES.processFailed(file.name, message));
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, items.length) }, worker));
    if (processed.length === 1) setSuccess(DOCUMENT_MESSAGES.processed(processed[0]!));
    else if (processed.length > 1) setSuccess(`Successfully processed ${processed.length} documents and created their business listings`);
    const done = new Set(items.map((i) => i.item.id));
    // Finished items leave the list after 3 s (errors stay until the next batch so they can be read).
    setTimeout(() => setUploads((list) => list.filter((u) => !done.has(u.id) || u.status === 'error')), UPLOAD_LIST_CLEAR_MS);
    if (processed.length) setTimeout(() => setSuccess(null), SUCCESS_CLEAR_MS);
  };

  const approve = async (document: ProcessedDocument, fields?: ApproveDocumentInput) => {
    const result = await staffRequest('POST', `${DOCUMENT_IMPORTS_PATH}/${document.id}/approve`, { body: fields ?? {}, schema: ProcessedDocumentSchema });
    toast.success(DOCUMENT_MESSAGES.approved(result.businessName));
    await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
  };
  const quickApprove = (document: ProcessedDocument) => approve(document).catch(() => toast.error(DOCUMENT_MESSAGES.approveFailed));

  const reject = async (document: ProcessedDocument, note: string) => {
    try {
      const result = await staffRequest('POST', `${DOCUMENT_IMPORTS_PATH}/${document.id}/reject`, { body: { note }, schema: ProcessedDocumentSchema });
      toast.success(DOCUMENT_MESSAGES.rejected(result.businessName));
      setDialog(null);
      await queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY });
    } catch {
      toast.error(DOCUMENT_MESSAGES.rejectFailed);
    }
  };

  const documents = data?.documents ?? [];
  return (
    <section className="aw-staff-page" aria-label="Document Processing">
      <div className="dp-head">
        <p className="dp-lead">Upload brochures and letters from local services. Each becomes a business waiting for your review, with the details read from it.</p>
      </div>

      {readOnly ? null : (
        <Card className="aw-stack dp-upload" as="section" aria-labelledby={`${inputId}-title`}>
          <h2 id={`${inputId}-title`} className="dp-title">
            Upload documents
          </h2>
          <p className="aw-muted">PDF, Word (.doc or .docx) or plain text (.txt), up to 10 MB each. You can choose several at once.</p>
          <input ref={fileInput} id={inputId} type="file" multiple accept={DOCUMENT_ACCEPT} className="aw-visually-hidden" onChange={choose} aria-label="Documents to process" />
          <div>
            <Button icon={<Icon name="cloud" size={18} />} onClick={() => fileInput.current?.click()}>
              Choose documents
            </Button>
          </div>
          {uploads.length > 0 ? (
            <ul className="aw-list-stack dp-uploads" aria-label="Uploads">
              {uploads.map((u) => (
                <li key={u.id} className={`dp-upload-item dp-upload-item--${u.status}`}>
                  <div className="aw-cluster dp-upload-item__row">
                    <span className="dp-upload-item__name">{u.fileName}</span>
                    <span className="aw-muted">{fileSize(u.size)}</span>
                    <span className="dp-upload-item__status">{u.status === 'error' ? 'Failed' : `${u.status[0]!.toUpperCase()}${u.status.slice(1)}`}</span>
                  </div>
                  <div className="dp-bar" role="progressbar" aria-label={`${u.fileName}: ${u.status}`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={UPLOAD_PROGRESS[u.status]}>
                    <span style={{ width: `${UPLOAD_PROGRESS[u.status]}%` }} />
                  </div>
                  {u.message ? <p className="dp-upload-item__error">{u.message}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
          {success ? (
            <Alert tone="success" role="status">
              {success}
            </Alert>
          ) : null}
        </Card>
      )}

      <section className="aw-list" aria-labelledby={`${inputId}-processed`}>
        <h2 id={`${inputId}-processed`} className="dp-title">
          Processed documents
        </h2>
        {isPending ? <InlineLoading>Loading processed documents...</InlineLoading> : null}
        {error ? (
          <Alert tone="error" role="alert">
            {DOCUMENT_MESSAGES.loadFailed}
          </Alert>
        ) : null}
        {data && documents.length === 0 ? <p className="dp-empty">{DOCUMENT_MESSAGES.empty}</p> : null}
        <ul className="aw-list-stack dp-cards">
          {documents.map((d) => {
            const badge = confidenceBadge(d.confidence);
            return (
              <li key={d.id}>
                <Card className="aw-stack dp-card" as="article" aria-label={d.businessName}>
                  <div className="aw-cluster dp-card__head">
                    <h3 className="dp-card__name">{d.businessName}</h3>
                    <Badge tone={d.reviewStatus === 'approved' ? 'success' : d.reviewStatus === 'rejected' ? 'neutral' : 'accent'}>{REVIEW_LABELS[d.reviewStatus]}</Badge>
                    <span className={`dp-confidence dp-confidence--${badge.tone}`}>{badge.label}</span>
                  </div>
                  <p className="aw-muted aw-small">
                    <Icon name="document" size={14} /> {d.fileName} · {fileSize(d.fileBytes)} · uploaded {formatDateTime(d.uploadDate)}
                  </p>
                  <p className="dp-card__facts">
                    {d.extractedData.category} · {d.extractedData.location}
                  </p>
                  {d.reviewNotes ? <p className="aw-muted aw-small">Note: {d.reviewNotes}</p> : null}
                  <div className="aw-cluster dp-card__actions">
                    <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'details', id: d.id })} aria-label={`View details of ${d.businessName}`}>
                      View Details
                    </Button>
                    {d.reviewStatus === 'pending_review' && !readOnly ? (
                      <>
                        <Button size="sm" onClick={() => void quickApprove(d)} aria-label={`Approve ${d.businessName}`}>
                          Approve
                        </Button>
                        <Button variant="secondary" size="sm" onClick={() => setDialog({ kind: 'reject', document: d })} aria-label={`Reject ${d.businessName}`}>
                          Reject
                        </Button>
                      </>
                    ) : null}
                  </div>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      {dialog?.kind === 'details' ? (
        <DetailsDialog
          id={dialog.id}
          readOnly={readOnly}
          onClose={() => setDialog(null)}
          onApprove={async (document, fields) => {
            await approve(document, fields);
            setDialog(null);
          }}
          onReject={(document) => setDialog({ kind: 'reject', document })}
        />
      ) : null}
      {dialog?.kind === 'reject' ? <RejectDialog document={dialog.document} onCancel={() => setDialog(null)} onReject={(note) => reject(dialog.document, note)} /> : null}
    </section>
  );
}

type FormState = Record<'name' | 'category' | 'location' | 'address' | 'phone' | 'email' | 'website' | 'description' | 'pricing', string>;

function formOf(d: ProcessedDocumentDetail): FormState {
  return { name: d.businessName, ...textFieldsOf(d.extractedData, ['category', 'location', 'address', 'phone', 'email', 'website', 'description', 'pricing']) };
}

function DetailsDialog({
  id,
  readOnly,
  onClose,
  onApprove,
  onReject,
}: {
  id: string;
  readOnly: boolean;
  onClose: () => void;
  onApprove: (document: ProcessedDocument, fields: ApproveDocumentInput) => Promise<void>;
  onReject: (document: ProcessedDocument) => void;
}) {
  const formId = useId();
  const { data, error } = useQuery({
    queryKey: [...DOCUMENTS_KEY, 'detail', id],
    queryFn: ({ signal }) => staffRequest('GET', `${DOCUMENT_IMPORTS_PATH}/${id}`, { schema: ProcessedDocumentDetailSchema, signal }),
    staleTime: 0,
  });
  const [form, setForm] = useState<FormState | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const values = form ?? (data ? formOf(data) : null);
  const editable = !readOnly && data?.reviewStatus === 'pending_review';

  const set = (key: keyof FormState) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => setForm({ ...values!, [key]: e.target.value });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!data || !values) return;
    const parsed = ApproveDocumentSchema.safeParse(values);
    if (!parsed.success) {
      const next: Record<string, string> = {};
      for (const issue of parsed.error.issues) next[String(issue.path[0])] ??= issue.message;
      setErrors(next);
      document.getElementById(`${formId}-${Object.keys(next)[0]}`)?.focus();
      return;
    }
    setErrors({});
    setSaving(true);
    setFailure(null);
    try {
      await onApprove(data, parsed.data);
    } catch (err) {
      setErrors(fieldErrors(err));
      setFailure(DOCUMENT_MESSAGES.approveFailed);
    } finally {
      setSaving(false);
    }
  };

  const missing = data ? new Set(missingFields(data)) : new Set();
  const hint = (field: Parameters<typeof missingFields>[0]['foundFields'][number]) => (missing.has(field) ? 'Not found in the document: please check' : undefined);

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={data ? `Review: ${data.fileName}` : 'Review document'}
      className="dp-details"
      actions={
        <div className="aw-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
          {editable && data ? (
            <>
              <Button variant="secondary" onClick={() => onReject(data)}>
                Reject
              </Button>
              <Button type="submit" form={formId} disabled={saving}>
                {saving ? 'Approving...' : 'Approve & Create Listing'}
              </Button>
            </>
          ) : null}
        </div>
      }
    >
      {error ? (
        <Alert tone="error" role="alert">
          {DOCUMENT_MESSAGES.loadFailed}
        </Alert>
      ) : null}
      {!data ? <InlineLoading>Loading the document...</InlineLoading> : null}
      {data && values ? (
        <div className="dp-details__grid">
          <form id={formId} className="aw-stack dp-details__form" onSubmit={submit} noValidate>
            <p className="dp-details__meta">
              <span className={`dp-confidence dp-confidence--${confidenceBadge(data.confidence).tone}`}>{confidenceBadge(data.confidence).label}</span>{' '}
              <span className="aw-muted aw-small">{REVIEW_LABELS[data.reviewStatus]}</span>
            </p>
            {failure ? (
              <Alert tone="error" role="alert">
                {failure}
              </Alert>
            ) : null}
            <TextInput id={`${formId}-name`} label={FIELD_LABELS.businessName} value={values.name} onChange={set('name')} error={errors.name} hint={hint('businessName')} readOnly={!editable} required />
            <Select
              id={`${formId}-category`}
              label={FIELD_LABELS.category}
              value={values.category}
              onChange={set('category')}
              error={errors.category}
              hint={hint('category')}
              disabled={!editable}
              options={LISTING_CATEGORIES.map((c) => ({ value: c, label: c }))}
            />
            <TextInput id={`${formId}-location`} label={FIELD_LABELS.location} value={values.location} onChange={set('location')} error={errors.location} hint={hint('location')} readOnly={!editable} required />
            <TextInput id={`${formId}-address`} label={FIELD_LABELS.address} value={values.address} onChange={set('address')} error={errors.address} hint={hint('address')} readOnly={!editable} />
            <TextInput id={`${formId}-phone`} label={FIELD_LABELS.phone} value={values.phone} onChange={set('phone')} error={errors.phone} hint={hint('phone')} readOnly={!editable} type="tel" />
            <TextInput id={`${formId}-email`} label={FIELD_LABELS.email} value={values.email} onChange={set('email')} error={errors.email} hint={hint('email')} readOnly={!editable} type="email" />
            <TextInput id={`${formId}-website`} label={FIELD_LABELS.website} value={values.website} onChange={set('website')} error={errors.website} hint={hint('website')} readOnly={!editable} />
            <TextArea id={`${formId}-description`} label={FIELD_LABELS.description} value={values.description} onChange={set('description')} error={errors.description} hint={hint('description')} readOnly={!editable} rows={3} />
            <TextInput id={`${formId}-pricing`} label={FIELD_LABELS.pricing} value={values.pricing} onChange={set('pricing')} error={errors.pricing} hint={hint('pricing')} readOnly={!editable} />
          </form>
          <section className="aw-stack dp-details__text" aria-label="The document's text">
            <h3 className="dp-title">The document's text</h3>
            <pre tabIndex={0}>{data.text}</pre>
            {data.textTruncated ? <p className="aw-muted aw-small">Only the first part of a long document is shown.</p> : null}
            <a href={`${DOCUMENT_IMPORTS_PATH}/${data.id}/file`} download>
              Download the original file
            </a>
          </section>
        </div>
      ) : null}
    </Dialog>
  );
}

function RejectDialog({ document, onCancel, onReject }: { document: ProcessedDocument; onCancel: () => void; onReject: (note: string) => Promise<void> }) {
  const formId = useId();
  const [note, setNote] = useState(DEFAULT_REJECT_NOTE);
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open
      onClose={onCancel}
      title={`Reject "${document.businessName}"?`}
      actions={
        <div className="aw-dialog__actions">
          <Button variant="secondary" onClick={onCancel} autoFocus>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            Reject
          </Button>
        </div>
      }
    >
      <form
        id={formId}
        onSubmit={async (e) => {
          e.preventDefault();
          setBusy(true);
          await onReject(note);
          setBusy(false);
        }}
      >
        <p>The business will not be listed. The note is kept with the document.</p>
        <TextArea label="Review note" value={note} onChange={(e) => setNote(e.target.value)} maxLength={500} rows={3} />
      </form>
    </Dialog>
  );
}
