// Exposed as 'memories/SyncIndicator': the header's sync state and manual sync button (family spec section 2).
import { memoriesStore, useMemoriesLive } from './store';

export default function SyncIndicator() {
  const { sync } = useMemoriesLive();
  return (
    <button type="button" onClick={() => void memoriesStore.refresh().catch(() => undefined)}>
      {sync.status}
    </button>
  );
}
