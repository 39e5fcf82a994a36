export * from './jurisdiction';
export * from './dates';
export * from './checklist.errors';
export * from './template.schema';
export * from './templates';
export * from './generate';
