export * from './port';
export { PostgresEventStore, EVENTS_CHANNEL, type PostgresEventStoreOptions } from './postgres-event-store';
export { KurrentDbEventStore } from './kurrentdb-event-store';
export { eventStoreMigrations } from './event-store.migrations';
export { verifyEventLog, type EventLogVerification, type EventLogBreak } from './verify-event-log';
