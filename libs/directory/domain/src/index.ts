export * from './listing';
export * from './listing.events';
export * from './listing.errors';
export * from './distance';
