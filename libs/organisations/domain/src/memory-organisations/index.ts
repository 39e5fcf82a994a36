export * from './memory-organisations.events';
export * from './memory-organisations.errors';
export * from './memory-organisations';
export * from './waiting';
