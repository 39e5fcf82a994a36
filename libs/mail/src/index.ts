export * from './mail';
export * from './outbox';
export * from './smtp';
export * from './templates';
export * from './promotion-templates';
export * from './reminder-templates';
export * from './memory-notice-templates';
