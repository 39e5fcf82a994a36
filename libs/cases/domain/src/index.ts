export * from './case';
export * from './case.events';
export * from './case.errors';
export * from './limits';
export * from './progress';
export * from './upload';
export * from './notes';
export * from './reminders';
