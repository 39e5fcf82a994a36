export * from './errors';
export * from './file-type';
export * from './encrypted-file-store';
export * from './master-key';
