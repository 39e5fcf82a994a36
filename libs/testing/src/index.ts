export * from './product';
export * from './browser';
