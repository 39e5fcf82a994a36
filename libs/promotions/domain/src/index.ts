export * from './promotion';
export * from './promotion.errors';
export * from './promotion.events';
export * from './schedule';
export * from './placement';
