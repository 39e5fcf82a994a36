// Exposed as 'memories/SyncIndicator': the header's sync state (syncing, synced, error, with the last-synced
// time) and the manual sync button. Reads the same store as the dashboard.
import { useState } from 'react';
import { Icon, useToast } from '@afterwards/web-ui';
import { memoriesStore, useMemoriesLive, SYNC_FAILED } from './store';
import { formatSyncTime, syncDetail } from './shared/format';
import './shared/memories.css';
import './shared/sync.css';

export const SYNCED_MESSAGE = 'Data synced successfully';

const LABELS = { syncing: 'Syncing...', synced: 'Synced', error: 'Sync error' } as const;

export default function SyncIndicator() {
  const toast = useToast();
  const { sync } = useMemoriesLive();
  const [busy, setBusy] = useState(false);
  const time = sync.lastSyncedAt ? formatSyncTime(sync.lastSyncedAt) : null;
  const detail = syncDetail(sync.status, sync.error, time);

  async function syncNow() {
    if (busy) return;
    setBusy(true);
    try {
      await memoriesStore.refresh();
      toast.success(SYNCED_MESSAGE);
    } catch {
      toast.error(SYNC_FAILED);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mem-sync" data-status={sync.status}>
      <span className="mem-sync__state" role="status" title={detail}>
        <span className="mem-sync__dot" aria-hidden="true" />
        <span className="mem-sync__label">{LABELS[sync.status]}</span>
        {time && sync.status !== 'syncing' ? <span className="mem-sync__time">{time}</span> : null}
        <span className="aw-visually-hidden">{`. ${detail}`}</span>
      </span>
      <button
        type="button"
        className="aw-icon-button mem-sync__button"
        onClick={() => void syncNow()}
        disabled={busy}
        aria-label={busy ? 'Syncing your data' : 'Sync now'}
        title="Sync now"
      >
        <Icon name="refresh" size={18} className={busy || sync.status === 'syncing' ? 'mem-spin' : undefined} />
      </button>
    </div>
  );
}
