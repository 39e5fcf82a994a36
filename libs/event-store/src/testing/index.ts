export { describeEventStoreContract, type EventStoreContractOptions, type EventStoreFixture } from './event-store-contract';
export { openPostgresEventStore, usePostgresEventStore, type PostgresEventStoreFixture } from './postgres-event-store';
