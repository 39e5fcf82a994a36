export * from './gazetteer';
export * from './load';
export { parseCsv } from './csv';
