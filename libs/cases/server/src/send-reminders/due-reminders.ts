import { dueReminders, ukClock, type ReminderOffset } from '@afterwards/cases-domain';
import { deadlineRuleOf, addDays, isoDateIn, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';
import type { SqlExecutor } from '@afterwards/persistence';

/**
 * Who gets the reminders of a memory, as (case_id, user_id) rows: its owner and everyone it is shared with
 * (each can turn them off for themselves, per memory or in Settings).
 */
export const REMINDER_RECIPIENTS = `SELECT c.id AS case_id, c.user_id FROM cases c UNION ALL SELECT m.case_id, m.user_id FROM case_members m`;

/** One reminder e-mail that may go out now, with what the e-mail says. */
export interface DueReminder {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
  readonly caseId: string;
  readonly memoryName: string;
  readonly deceasedName: string;
  readonly taskId: string;
  readonly taskTitle: string;
  readonly dueDate: string;
  readonly offset: ReminderOffset;
  readonly legal: boolean;
  readonly lateNote: string | null;
}

interface Row {
  user_id: string;
  email: string;
  name: string | null;
  case_id: string;
  memory_name: string;
  deceased_name: string;
  jurisdiction: string;
  template_version: string;
  date_of_death: string | null;
  created_at: Date;
  task_id: string;
  template_key: string;
  title: string;
  category: string;
  deadline_days: number;
  deadline_months: number | null;
  due_date: string;
}

/**
 * The reminders due at `now`, worked out from the read model each time, so a changed date of death (new
 * due dates), a ticked or settled task, Settings' Email Notifications or a memory's switch take effect at
 * the next sweep with nothing to reschedule. Tasks due from yesterday to 8 days ahead (UK/Irish dates) are
 * read; the schedule (cases domain) decides which of their reminders are due, then those already sent are
 * left out. `only` narrows it to one person's task (the send job checks its reminder is still due).
 */
export async function findDueReminders(sql: SqlExecutor, now: Date, only?: { userId: string; caseId: string; taskId: string }): Promise<DueReminder[]> {
  const today = ukClock(now).date;
  const params: unknown[] = [addDays(today, -1), addDays(today, 8)];
  let narrow = '';
  if (only) {
    params.push(only.userId, only.caseId, only.taskId);
    narrow = 'AND r.user_id = $3 AND c.id = $4 AND t.id = $5';
  }
  const { rows } = await sql.query<Row>(
    `WITH recipients AS (${REMINDER_RECIPIENTS})
     SELECT r.user_id, u.email, u.name, c.id AS case_id, c.name AS memory_name, c.deceased_name, c.jurisdiction, c.template_version,
       to_char(c.date_of_death, 'YYYY-MM-DD') AS date_of_death, c.created_at,
       t.id AS task_id, t.template_key, t.title, t.category, t.deadline_days, t.deadline_months, to_char(t.due_date, 'YYYY-MM-DD') AS due_date
     FROM recipients r
     JOIN cases c ON c.id = r.case_id
     JOIN auth_users u ON u.id = r.user_id
     JOIN case_tasks t ON t.case_id = c.id
     LEFT JOIN user_settings s ON s.user_id = r.user_id
     WHERE t.due_date BETWEEN $1::date AND $2::date
       AND t.status <> 'complete' AND t.settled_kind IS NULL
       AND coalesce(s.email_notifications, true)
       AND NOT EXISTS (SELECT 1 FROM reminder_optouts o WHERE o.user_id = r.user_id AND o.case_id = c.id)
       ${narrow}`,
    params,
  );
  if (rows.length === 0) return [];
  const candidates = rows.flatMap((row) => {
    const jurisdiction = row.jurisdiction as Jurisdiction;
    const rule = deadlineRuleOf(row.template_version, jurisdiction, row.template_key, row.deceased_name);
    // The rule, and the memory's dates, so a task that must have happened before a late start is never reminded.
    const task = { category: row.category, deadlineDays: row.deadline_days, deadlineMonths: row.deadline_months, ...rule };
    const memory = { dateOfDeath: row.date_of_death, startedOn: isoDateIn(row.created_at), jurisdiction };
    const dueDate = withinLimit(row.due_date, rule.limit, row.date_of_death)!;
    return dueReminders([{ taskId: row.task_id, dueDate, deadlineKind: rule.deadlineKind, lateStart: { task, memory } }], now).map((slot) => ({ row, slot, rule }));
  });
  if (candidates.length === 0) return [];
  const sent = await sql.query<{ user_id: string; task_id: string; offset_kind: string; due_date: string }>(
    `SELECT user_id, task_id::text, offset_kind, to_char(due_date, 'YYYY-MM-DD') AS due_date FROM reminders_sent WHERE task_id = ANY($1::uuid[])`,
    [[...new Set(candidates.map((c) => c.row.task_id))]],
  );
  const done = new Set(sent.rows.map((s) => `${s.user_id}|${s.task_id}|${s.offset_kind}|${s.due_date}`));
  return candidates
    .filter(({ row, slot }) => !done.has(`${row.user_id}|${row.task_id}|${slot.offset}|${slot.dueDate}`))
    .map(({ row, slot, rule }) => ({
      userId: row.user_id,
      email: row.email,
      name: row.name,
      caseId: row.case_id,
      memoryName: row.memory_name,
      deceasedName: row.deceased_name,
      taskId: row.task_id,
      taskTitle: row.title,
      dueDate: slot.dueDate,
      offset: slot.offset,
      legal: rule.deadlineKind === 'statutory',
      lateNote: rule.lateNote,
    }));
}
