export * from './port';
export { PostgresEventStore, EVENTS_CHANNEL, type PostgresEventStoreOptions } from './postgres-event-store';
// The KurrentDB adapter is '@afterwards/event-store/kurrentdb': its client is loaded only where it is used.
export { eventStoreMigrations } from './event-store.migrations';
export { verifyEventLog, eventLogHeadsSince, type EventLogVerification, type EventLogBreak, type EventLogAnchor } from './verify-event-log';
