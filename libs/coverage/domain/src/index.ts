export * from './boundaries';
export * from './assign-region';
export * from './population';
export * from './gaps';
export * from './nearest';
export * from './opportunities';
