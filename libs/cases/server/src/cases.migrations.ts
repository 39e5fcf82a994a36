import type { Migration } from '@afterwards/persistence';
import cases from '../migrations/0001_cases.sql';
import settlements from '../migrations/0002_settlements.sql';
import reminders from '../migrations/0004_reminders.sql';

// 0003 and 0005 are taken by work on other branches: ids are names, so the order of merging does not matter.
export const casesMigrations: Migration[] = [
  { id: 'cases/0001_cases', sql: cases },
  { id: 'cases/0002_settlements', sql: settlements },
  { id: 'cases/0004_reminders', sql: reminders },
];
