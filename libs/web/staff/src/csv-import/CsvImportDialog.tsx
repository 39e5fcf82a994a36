// A CSV import modal, for every kind of import (admin spec: Local Business Management, Bulk CSV upload
// rules and messages; the organisation directory's Import from CSV). Choosing a file uploads it
// (streamed; the server checks every row with the kind's rules), then the dialog previews the first 10
// rows and lists up to 5 errors, with a CSV of every rejected row. Import starts a job on the server; its
// progress arrives over the staff socket and stays to come back to.
import { useCallback, useId, useRef, useState, type ChangeEvent, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CSV_IMPORTS_PATH, CSV_MESSAGES, CsvImportSchema, importPercent, type CsvImport, type ImportKind } from '@afterwards/contracts';
import { errorMessage, requestJson as staffRequest, uploadFile } from '@afterwards/web-data';
import { Alert, Button, Dialog, Icon, InlineLoading } from '@afterwards/web-ui';
import { useStaffChanges } from '../realtime';
import { canStart, checkSummary, errorsToShow, importButtonText, newRowsOf, nothingNewText, progressText, resultText, stageOf } from './csv-import-view';

const importKey = (id: string) => ['csv-import', id] as const;

export interface CsvImportDialogProps {
  /** What the rows add: the upload is checked with that kind's rules. */
  readonly kind: ImportKind;
  readonly title: string;
  /** Above the file button (inline text, in a paragraph): the columns the file needs. */
  readonly intro: ReactNode;
  /** The columns the preview shows, by their header names. */
  readonly previewColumns: readonly string[];
  readonly onClose: () => void;
}

export function CsvImportDialog({ kind, title, intro, previewColumns, onClose }: CsvImportDialogProps) {
  const queryClient = useQueryClient();
  const inputId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [importId, setImportId] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [skipRejected, setSkipRejected] = useState(false);
  const [starting, setStarting] = useState(false);

  const { data: current } = useQuery({
    queryKey: importKey(importId ?? ''),
    queryFn: ({ signal }) => staffRequest('GET', `${CSV_IMPORTS_PATH}/${importId}`, { schema: CsvImportSchema, signal }),
    enabled: importId !== null,
    // The staff socket pushes progress; this only covers a socket that is down.
    refetchInterval: (q) => (q.state.data && ['queued', 'running'].includes(q.state.data.status) ? 3000 : false),
  });
  useStaffChanges(
    useCallback(() => {
      if (importId) void queryClient.invalidateQueries({ queryKey: importKey(importId) });
    }, [importId, queryClient]),
  );

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    setImportId(null);
    setSkipRejected(false);
    if (!/\.csv$/i.test(file.name)) {
      setProblem(CSV_MESSAGES.notCsv);
      return;
    }
    setUploading(true);
    try {
      const checked = await uploadFile(`${CSV_IMPORTS_PATH}?kind=${kind}`, file, { schema: CsvImportSchema });
      queryClient.setQueryData(importKey(checked.id), checked);
      setImportId(checked.id);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setUploading(false);
    }
  };

  const start = async () => {
    if (!current) return;
    setStarting(true);
    setProblem(null);
    try {
      const started = await staffRequest('POST', `${CSV_IMPORTS_PATH}/${current.id}/start`, { body: { skipRejected }, schema: CsvImportSchema });
      queryClient.setQueryData(importKey(started.id), started);
    } catch (error) {
      setProblem(errorMessage(error));
    } finally {
      setStarting(false);
    }
  };

  const stage = stageOf(current, uploading, problem !== null && !current);
  const busy = stage === 'uploading' || stage === 'importing';
  const percent = current ? importPercent(current) : 0;

  return (
    <Dialog
      open
      size="wide"
      onClose={onClose}
      title={title}
      className="aw-csv"
      actions={
        <div className="aw-dialog__actions">
          <Button variant="secondary" onClick={onClose}>
            {stage === 'importing' ? 'Close (the import carries on)' : 'Close'}
          </Button>
          {stage === 'checked' && current ? (
            <Button onClick={start} disabled={!canStart(current, skipRejected) || starting} icon={<Icon name="cloud" size={18} />}>
              {starting ? 'Starting...' : importButtonText(current)}
            </Button>
          ) : null}
        </div>
      }
    >
      <div className="aw-csv__body" aria-busy={busy}>
        <p className="aw-csv__intro">{intro}</p>
        <div className="aw-csv__choose">
          <input ref={fileInput} id={inputId} type="file" accept=".csv,text/csv" className="aw-visually-hidden" aria-label="CSV file" tabIndex={-1} onChange={choose} disabled={busy} />
          <Button variant="secondary" icon={<Icon name="document" size={18} />} onClick={() => fileInput.current?.click()} disabled={busy}>
            {current ? 'Choose another file' : 'Choose CSV file'}
          </Button>
          {current ? <span className="aw-csv__file">{current.fileName}</span> : null}
        </div>

        {stage === 'uploading' ? <InlineLoading>Uploading and checking every row...</InlineLoading> : null}
        {problem ? (
          <Alert tone="error" role="alert">
            {problem}
          </Alert>
        ) : null}

        {current?.fileError ? (
          <Alert tone="error" role="alert" title="This file cannot be imported">
            {current.fileError}
          </Alert>
        ) : null}

        {current && !current.fileError && stage === 'checked' ? <CheckResult current={current} columns={previewColumns} skipRejected={skipRejected} onSkipRejected={setSkipRejected} /> : null}

        {current && (stage === 'importing' || stage === 'success' || (stage === 'error' && current.status === 'failed')) ? (
          <div className="aw-csv__progress">
            <div className="aw-csv__bar" role="progressbar" aria-label="Import progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent} aria-valuetext={`${percent}%`}>
              <span style={{ width: `${percent}%` }} />
            </div>
            <p className="aw-csv__percent" aria-live="polite">
              <strong>{percent}%</strong> {progressText(current)}
            </p>
          </div>
        ) : null}
        {current && stage === 'success' ? (
          <Alert tone="success" role="status" title="Import finished">
            {resultText(current)}
            <ErrorList current={current} afterUpload />
          </Alert>
        ) : null}
        {current && current.status === 'failed' ? (
          <Alert tone="error" role="alert" title="The import stopped">
            {current.failure}
          </Alert>
        ) : null}
      </div>
    </Dialog>
  );
}

interface CheckResultProps {
  current: CsvImport;
  columns: readonly string[];
  skipRejected: boolean;
  onSkipRejected: (v: boolean) => void;
}

function CheckResult({ current, columns, skipRejected, onSkipRejected }: CheckResultProps) {
  const nothingNew = nothingNewText(current);
  return (
    <>
      <p className="aw-csv__summary" role="status">
        {checkSummary(current)}
      </p>
      {nothingNew ? (
        <Alert tone="info" title="Nothing new to import">
          {nothingNew}
        </Alert>
      ) : null}
      {current.rejectedRows > 0 ? (
        <Alert tone="warning" title="Validation errors">
          <ErrorList current={current} afterUpload={false} />
          <p className="aw-csv__rejects">
            <a href={`${CSV_IMPORTS_PATH}/${current.id}/rejected-rows`} download>
              Download the rejected rows with their reasons (CSV)
            </a>
          </p>
          {newRowsOf(current) > 0 ? (
            <label className="aw-csv__skip">
              <input type="checkbox" checked={skipRejected} onChange={(e) => onSkipRejected(e.target.checked)} />
              <span>
                {current.rejectedRows === 1 ? 'Leave out the row' : `Leave out the ${current.rejectedRows.toLocaleString('en-GB')} rows`} with errors and import the rest
              </span>
            </label>
          ) : null}
        </Alert>
      ) : null}
      <div className="aw-csv__preview">
        <table>
          <caption>Preview of the first {current.preview.length} rows</caption>
          <thead>
            <tr>
              <th scope="col">Row</th>
              {columns.map((c) => (
                <th key={c} scope="col">
                  {c}
                </th>
              ))}
              <th scope="col">Check</th>
            </tr>
          </thead>
          <tbody>
            {current.preview.map((r) => (
              <tr key={r.row} className={r.errors.length ? 'aw-csv__bad' : undefined}>
                <td>{r.row}</td>
                {columns.map((c) => (
                  <td key={c}>{r.values[c] || '–'}</td>
                ))}
                <td>{r.errors.length ? `${r.errors.length} ${r.errors.length === 1 ? 'error' : 'errors'}` : 'OK'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

function ErrorList({ current, afterUpload }: { current: CsvImport; afterUpload: boolean }) {
  const { shown, more } = errorsToShow(current, afterUpload);
  if (shown.length === 0) return null;
  return (
    <ul className="aw-csv__errors">
      {shown.map((e) => (
        <li key={e}>{e}</li>
      ))}
      {more ? <li className="aw-csv__more">{more}</li> : null}
    </ul>
  );
}
