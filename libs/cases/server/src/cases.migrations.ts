import type { Migration } from '@afterwards/persistence';
import cases from '../migrations/0001_cases.sql';

export const casesMigrations: Migration[] = [{ id: 'cases/0001_cases', sql: cases }];
