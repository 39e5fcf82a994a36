export * from './port';
export { PostgresEventStore, EVENTS_CHANNEL, type PostgresEventStoreOptions } from './postgres-event-store';
// For readers of the events table beside the store (the staff history): one row shape, one mapping.
export { toRecorded, type EventRow } from './postgres-event-sql';
// The KurrentDB adapter is '@afterwards/event-store/kurrentdb': its client is loaded only where it is used.
export { eventStoreMigrations } from './event-store.migrations';
export { verifyEventLog, eventLogHeadsSince, type EventLogVerification, type EventLogBreak, type EventLogAnchor } from './verify-event-log';
