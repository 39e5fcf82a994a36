import type { Migration } from '@afterwards/persistence';
import cases from '../migrations/0001_cases.sql';
import settlements from '../migrations/0002_settlements.sql';
import sharing from '../migrations/0003_sharing.sql';
import reminders from '../migrations/0004_reminders.sql';
import exportsSql from '../migrations/0005_exports.sql';
import ownerName from '../migrations/0006_owner_name.sql';
import cachedPlans from '../migrations/0007_cached_plans.sql';
import reminderDigests from '../migrations/0008_reminder_digests.sql';
import { dueDatesWithinLimits } from './due-dates-within-limits/due-dates-within-limits.migration';
import memoryNotices from '../migrations/0010_memory_notices.sql';

// 0003 and 0005 are taken by work on other branches: ids are names, so the order of merging does not matter.
export const casesMigrations: Migration[] = [
  { id: 'cases/0001_cases', sql: cases },
  { id: 'cases/0002_settlements', sql: settlements },
  { id: 'cases/0003_sharing', sql: sharing },
  { id: 'cases/0004_reminders', sql: reminders },
  { id: 'cases/0005_exports', sql: exportsSql },
  { id: 'cases/0006_owner_name', sql: ownerName },
  { id: 'cases/0007_cached_plans', sql: cachedPlans },
  { id: 'cases/0008_reminder_digests', sql: reminderDigests },
  dueDatesWithinLimits,
  { id: 'cases/0010_memory_notices', sql: memoryNotices },
];
