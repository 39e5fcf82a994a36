import type { Migration } from '@afterwards/persistence';
import events from '../migrations/0001_events.sql';

export const eventStoreMigrations: Migration[] = [{ id: 'event-store/0001_events', sql: events }];
