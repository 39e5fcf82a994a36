import type { Migration } from '@afterwards/persistence';
import adminSettings from '../migrations/0001_admin_settings.sql';

export const settingsMigrations: Migration[] = [{ id: 'settings/0001_admin_settings', sql: adminSettings }];
