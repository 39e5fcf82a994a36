export * from './listing';
export * from './listing.events';
export * from './listing.errors';
export * from './distance';
export * from './csv-import';
export * from './csv-import-rules';
export * from './document-extraction';
export * from './document-text';
