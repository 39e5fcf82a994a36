import checkpoints from '../migrations/0001_projection_checkpoints.sql';
import type { Migration } from './migrations';

export const persistenceMigrations: Migration[] = [{ id: 'persistence/0001_projection_checkpoints', sql: checkpoints }];
