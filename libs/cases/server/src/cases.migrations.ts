import type { Migration } from '@afterwards/persistence';
import cases from '../migrations/0001_cases.sql';
import settlements from '../migrations/0002_settlements.sql';
import sharing from '../migrations/0003_sharing.sql';
import exportsSql from '../migrations/0005_exports.sql';

export const casesMigrations: Migration[] = [
  { id: 'cases/0001_cases', sql: cases },
  { id: 'cases/0002_settlements', sql: settlements },
  { id: 'cases/0003_sharing', sql: sharing },
  { id: 'cases/0005_exports', sql: exportsSql },
];
