// "Download everything" (case details): the memory as one zip (documents and photo, notes, the checklist with
// what is done, a summary page to print), prepared on the server as a job; progress here, then a link for 24 hours.
import { useEffect, useState } from 'react';
import { MEMORY_EXPORT_TTL_HOURS, type MemoryExport } from '@afterwards/contracts';
import { Alert, Button, Card, Icon } from '@afterwards/web-ui';
import { api, errorMessage } from '../api';
import { ProgressBar } from '../shared/Progress';

/** How often the screen asks how far the zip has got while it is being prepared. */
const POLL_MS = 1000;

const sizeOf = (bytes: number | null): string => {
  if (bytes === null) return '';
  return bytes >= 1024 * 1024 ? `${(bytes / (1024 * 1024)).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
};
const until = (iso: string | null): string => (iso ? new Date(iso).toLocaleString('en-GB', { day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }) : '');

export function DownloadEverything({ memoryId, memoryName }: { memoryId: string; memoryName: string }) {
  const [current, setCurrent] = useState<MemoryExport | null>(null);
  const [starting, setStarting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Another memory opened in the same view: its own download, not this one's.
  useEffect(() => {
    setCurrent(null);
    setProblem(null);
  }, [memoryId]);

  useEffect(() => {
    if (current?.status !== 'preparing') return;
    let stopped = false;
    const timer = window.setTimeout(() => {
      api.getExport(memoryId, current.id).then(
        (next) => {
          if (!stopped) setCurrent(next);
        },
        (failure: unknown) => {
          if (!stopped) setProblem(errorMessage(failure));
        },
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      window.clearTimeout(timer);
    };
  }, [memoryId, current]);

  async function start() {
    if (starting) return;
    setStarting(true);
    setProblem(null);
    try {
      setCurrent(await api.startExport(memoryId));
    } catch (failure) {
      setProblem(errorMessage(failure));
    } finally {
      setStarting(false);
    }
  }

  const preparing = starting || current?.status === 'preparing';
  return (
    <Card as="section" className="aw-stack mem-export" aria-labelledby="mem-export-title">
      <h3 id="mem-export-title">
        <Icon name="arrow-down" size={20} /> Download everything
      </h3>
      <p className="aw-muted">One zip file with this memory&apos;s documents and photo, its notes, and the checklist showing what is done, with a summary page you can print.</p>
      {/* Announced as it changes: the progress, then the link. */}
      <div className="mem-export__status" role="status">
        {current?.status === 'preparing' ? (
          <>
            <p>Preparing your download: {current.progress}%</p>
            <ProgressBar percent={current.progress} label={`Preparing the download of ${memoryName}`} />
          </>
        ) : null}
        {current?.status === 'ready' && current.downloadUrl ? (
          <p>
            Your download is ready. The link works until {until(current.expiresAt)} ({MEMORY_EXPORT_TTL_HOURS} hours), then the file is deleted.
          </p>
        ) : null}
      </div>
      {current?.status === 'failed' ? (
        <Alert tone="error" title="The download could not be prepared">
          {current.failure}
        </Alert>
      ) : null}
      {problem ? (
        <Alert tone="error" role="alert">
          {problem}
        </Alert>
      ) : null}
      <div className="aw-cluster mem-export__actions">
        {current?.status === 'ready' && current.downloadUrl ? (
          <a className="aw-btn aw-btn--primary" href={current.downloadUrl} download={current.fileName}>
            <span aria-hidden="true">
              <Icon name="arrow-down" size={18} />
            </span>
            <span>
              Download {current.fileName} <span className="mem-export__size">({sizeOf(current.fileSize)})</span>
            </span>
          </a>
        ) : null}
        <Button
          variant={current?.status === 'ready' ? 'quiet' : 'secondary'}
          onClick={() => void start()}
          disabled={preparing}
          aria-busy={preparing || undefined}
          icon={<Icon name="arrow-down" size={18} />}
        >
          {preparing ? 'Preparing...' : current ? 'Prepare a new download' : 'Download everything'}
        </Button>
      </div>
    </Card>
  );
}
