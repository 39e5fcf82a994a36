export * from './organisation';
export * from './organisation.errors';
export * from './organisation.events';
export * from './organisation-csv-row';
