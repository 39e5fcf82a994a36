import type { Migration } from '@afterwards/persistence';
import events from '../migrations/0001_events.sql';
import eventHashes from '../migrations/0002_event_hashes.sql';
import appendOnly from '../migrations/0003_events_append_only.sql';

export const eventStoreMigrations: Migration[] = [
  { id: 'event-store/0001_events', sql: events },
  { id: 'event-store/0002_event_hashes', sql: eventHashes },
  { id: 'event-store/0003_events_append_only', sql: appendOnly },
];
