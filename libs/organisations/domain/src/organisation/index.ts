export * from './organisation';
export * from './organisation.errors';
export * from './organisation.events';
