export { describeEventStoreContract, type EventStoreContractOptions, type EventStoreFixture } from './event-store-contract';
