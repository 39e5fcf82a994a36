import type { Migration } from '@afterwards/persistence';
import promotions from '../migrations/0001_promotions.sql';
import activityListings from '../migrations/0002_promotion_activity_listings.sql';

/** After the directory's: they alter its `promotions` table and read its interaction checkpoints. */
export const promotionsMigrations: Migration[] = [
  { id: 'promotions/0001_promotions', sql: promotions },
  { id: 'promotions/0002_promotion_activity_listings', sql: activityListings },
];
