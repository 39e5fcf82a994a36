import type { Migration } from '@afterwards/persistence';
import promotions from '../migrations/0001_promotions.sql';

/** After the directory's: they alter its `promotions` table and read its interaction checkpoints. */
export const promotionsMigrations: Migration[] = [{ id: 'promotions/0001_promotions', sql: promotions }];
