import type { Migration } from '@afterwards/persistence';
import listings from '../migrations/0001_listings.sql';

export const directoryMigrations: Migration[] = [{ id: 'directory/0001_listings', sql: listings }];
