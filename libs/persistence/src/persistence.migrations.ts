import checkpoints from '../migrations/0001_projection_checkpoints.sql';
import parkedEvents from '../migrations/0002_projection_parked_events.sql';
import leases from '../migrations/0003_projection_leases.sql';
import logCheckpoints from '../migrations/0004_log_checkpoints.sql';
import type { Migration } from './migrations';

export const persistenceMigrations: Migration[] = [
  { id: 'persistence/0001_projection_checkpoints', sql: checkpoints },
  { id: 'persistence/0002_projection_parked_events', sql: parkedEvents },
  { id: 'persistence/0003_projection_leases', sql: leases },
  { id: 'persistence/0004_log_checkpoints', sql: logCheckpoints },
];
