export * from './directory';
export * from './realtime';
export * from './problem';
