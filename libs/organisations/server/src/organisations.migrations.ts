import type { Migration } from '@afterwards/persistence';
import organisations from '../migrations/0001_organisations.sql';

export const organisationsMigrations: Migration[] = [{ id: 'organisations/0001_organisations', sql: organisations }];
