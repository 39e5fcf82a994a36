export { useProjectionDatabase, type ProjectionDatabase } from './projection-database';
