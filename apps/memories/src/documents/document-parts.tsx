// Pieces the Documents tab's document items and additional documents share: a file's row, the upload
// progress list, the upload summary toast and the batch count of queued uploads.
import { formatFileSize, uploadSummary } from '@afterwards/cases-domain';
import type { MemoryFile } from '@afterwards/contracts';
import { Icon, type ToastApi } from '@afterwards/web-ui';
import { useConfirm } from '../tasks/parts';
import { percentOf, type UploadProgress } from './document-view';

export type Ask = ReturnType<typeof useConfirm>['ask'];

export function showSummary(toast: ToastApi, uploaded: number, failed: number, title: string) {
  const summary = uploadSummary(uploaded, failed, title);
  if (summary.tone === 'success') toast.success(summary.message);
  else if (summary.tone === 'error') toast.error(summary.message);
  else toast.show(summary.message);
}

// Upload batches of every document share one count, so each queued file has its own key.
let batches = 0;
export const nextBatch = (): number => ++batches;

export function downloadUrl(url: string): string {
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** View (in a new tab) and Download links of a stored file; `name` says which, for screen readers. */
export function FileLinks({ file, name }: { file: MemoryFile; name: string }) {
  return (
    <>
      <a className="aw-icon-button" href={file.url} target="_blank" rel="noopener noreferrer" aria-label={`View ${name} (opens in a new tab)`}>
        <Icon name="external" size={18} />
      </a>
      <a className="aw-icon-button" href={downloadUrl(file.url)} download={file.fileName} aria-label={`Download ${name}`}>
        <Icon name="arrow-down" size={18} />
      </a>
    </>
  );
}

/** A file with its view and download links, and (for those who may change the memory) delete. */
export function FileRow({ file, onDelete }: { file: MemoryFile; onDelete: (() => void) | undefined }) {
  return (
    <li className="mem-file">
      <Icon name={file.fileType.startsWith('image/') ? 'image' : 'document'} size={18} className="mem-file__icon" />
      <span className="mem-file__name">{file.fileName}</span>
      <span className="mem-file__size">{formatFileSize(file.fileSize)}</span>
      <span className="mem-file__actions">
        <FileLinks file={file} name={file.fileName} />
        {onDelete ? (
          <button type="button" className="aw-icon-button mem-icon-btn--danger" onClick={onDelete} aria-label={`Delete ${file.fileName}`}>
            <Icon name="trash" size={18} />
          </button>
        ) : null}
      </span>
    </li>
  );
}

export function UploadProgressList({ uploads }: { uploads: readonly UploadProgress[] }) {
  if (uploads.length === 0) return null;
  return (
    <ul className="aw-list-stack mem-uploads" aria-label="Uploads">
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
