// The region geometry lives in libs/places (the directory needs it too); coverage shows it as its own.
export * from '@afterwards/places/regions';
export * from './population';
export * from './gaps';
export * from './nearest';
export * from './opportunities';
