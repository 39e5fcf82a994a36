export * from './directory';
export * from './realtime';
export * from './problem';
export * from './places';
export * from './analytics';
export * from './identity';
export * from './memories';
export * from './admin';
