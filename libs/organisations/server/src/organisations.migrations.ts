import type { Migration } from '@afterwards/persistence';

export const organisationsMigrations: Migration[] = [];
