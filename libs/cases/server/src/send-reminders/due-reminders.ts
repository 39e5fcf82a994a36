import { ukClock, type DigestLetter, type DigestMemory, type ReminderRole } from '@afterwards/cases-domain';
import { deadlineRuleOf, addDays, isoDateIn, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';
import type { SqlExecutor } from '@afterwards/persistence';

/**
 * Who gets the reminders of a memory, as (case_id, user_id, role) rows: its owner and everyone it is shared
 * with (each can turn them off for themselves, per memory, in Settings, or, viewing only, for every such memory).
 */
export const REMINDER_RECIPIENTS = `SELECT c.id AS case_id, c.user_id, 'owner' AS role FROM cases c UNION ALL SELECT m.case_id, m.user_id, m.role FROM case_members m`;

/** One person, with every memory of theirs that has open tasks due in the window read. */
export interface ReminderRecipient {
  readonly userId: string;
  readonly email: string;
  readonly name: string | null;
  readonly memories: DigestMemory[];
}

interface Row {
  user_id: string;
  role: ReminderRole;
  email: string;
  name: string | null;
  case_id: string;
  memory_name: string;
  deceased_name: string;
  owner_name: string | null;
  jurisdiction: string;
  template_version: string;
  date_of_death: string | null;
  created_at: Date | string;
  /** A task due in the window, or a letter sent to one of the memory's organisations and not acknowledged. */
  kind: 'task' | 'letter';
  item_id: string;
  template_key: string;
  /** The task's title, or the organisation's name. */
  title: string;
  category: string;
  deadline_days: number;
  deadline_months: number | null;
  /** The task's due date, or the day the letter was sent. */
  due_date: string;
  usual_reply_days: number | null;
}

export interface ReadRecipientsOptions {
  /** One person only (the send job, Settings' preview). */
  readonly userId?: string;
  /** How many days past today to read due dates (a reminder is at most 7 days before; the preview looks further). */
  readonly daysAhead?: number;
  /** The sender: leave out people with Email Notifications off and people whose e-mail of today has gone. */
  readonly sending?: boolean;
}

/**
 * The people who may have reminders, with their memories, open tasks due from today to `daysAhead` (UK/Irish
 * dates) and letters to the memories' organisations still unanswered (that context's read model, read here so
 * the sender and Settings' preview keep one read), read from the read model each time, so a changed date of
 * death (new due dates), a ticked or settled task, an acknowledged letter, Settings' Email Notifications, a
 * memory's switch or the viewer preference take effect at the next sweep with nothing to reschedule. The cases domain (`digestOn`) decides what each day's e-mail says.
 */
export async function readReminderRecipients(sql: SqlExecutor, now: Date, options: ReadRecipientsOptions = {}): Promise<ReminderRecipient[]> {
  const today = ukClock(now).date;
  const params: unknown[] = [today, addDays(today, 8 + (options.daysAhead ?? 0))];
  const where: string[] = [];
  if (options.userId) {
    params.push(options.userId);
    where.push(`r.user_id = $${params.length}`);
  }
  if (options.sending) {
    where.push('coalesce(s.email_notifications, true)', `NOT EXISTS (SELECT 1 FROM reminder_digests d WHERE d.user_id = r.user_id AND d.day = $1::date)`);
  }
  // One read: each person's memories (as the filters allow), then their open tasks due in the window and the
  // letters to their organisations sent and not acknowledged by then (the domain decides which are waiting).
  const { rows } = await sql.query<Row>(
    `WITH recipients AS (${REMINDER_RECIPIENTS}),
     people AS (
       SELECT r.user_id, r.role, u.email, u.name, c.id AS case_id, c.name AS memory_name, c.deceased_name, app_person_name(c.user_id) AS owner_name,
         c.jurisdiction, c.template_version, to_char(c.date_of_death, 'YYYY-MM-DD') AS date_of_death, c.created_at
       FROM recipients r
       JOIN cases c ON c.id = r.case_id
       JOIN auth_users u ON u.id = r.user_id
       LEFT JOIN user_settings s ON s.user_id = r.user_id
       LEFT JOIN reminder_preferences p ON p.user_id = r.user_id
       WHERE NOT EXISTS (SELECT 1 FROM reminder_optouts o WHERE o.user_id = r.user_id AND o.case_id = c.id)
         AND (r.role <> 'viewer' OR coalesce(p.viewer_reminders, true))
         ${where.map((w) => `AND ${w}`).join(' ')}
     )
     SELECT p.*, 'task' AS kind, t.id::text AS item_id, t.template_key, t.title, t.category, t.deadline_days, t.deadline_months,
       to_char(t.due_date, 'YYYY-MM-DD') AS due_date, NULL::int AS usual_reply_days
     FROM people p JOIN case_tasks t ON t.case_id = p.case_id
     WHERE t.due_date BETWEEN $1::date AND $2::date AND t.status <> 'complete' AND t.settled_kind IS NULL
     UNION ALL
     SELECT p.*, 'letter' AS kind, o.id::text, NULL, o.name, NULL, NULL, NULL, to_char(o.sent_on, 'YYYY-MM-DD'), o.usual_reply_days
     FROM people p JOIN memory_organisations o ON o.case_id = p.case_id
     WHERE o.status = 'letter-sent' AND o.sent_on + o.usual_reply_days <= $2::date
     ORDER BY user_id, case_id, kind DESC, due_date, item_id`,
    params,
  );
  const people = new Map<string, ReminderRecipient>();
  const memories = new Map<string, DigestMemory & { tasks: DigestMemory['tasks'][number][]; letters: DigestLetter[] }>();
  for (const row of rows) {
    let person = people.get(row.user_id);
    if (!person) {
      person = { userId: row.user_id, email: row.email, name: row.name, memories: [] };
      people.set(row.user_id, person);
    }
    const key = `${row.user_id}|${row.case_id}`;
    let memory = memories.get(key);
    if (!memory) {
      memory = {
        caseId: row.case_id,
        memoryName: row.memory_name,
        deceasedName: row.deceased_name,
        ownerName: row.owner_name ?? '',
        role: row.role,
        startedAt: new Date(row.created_at),
        tasks: [],
        letters: [],
      };
      memories.set(key, memory);
      person.memories.push(memory);
    }
    if (row.kind === 'letter') {
      memory.letters.push({ entryId: row.item_id, name: row.title, sentOn: row.due_date, usualReplyDays: row.usual_reply_days ?? 0 });
      continue;
    }
    const jurisdiction = row.jurisdiction as Jurisdiction;
    const rule = deadlineRuleOf(row.template_version, jurisdiction, row.template_key, row.deceased_name);
    // The rule, and the memory's dates, so a task that must have happened before a late start is never
    // reminded; a due date past a limit set in law or by an authority is capped at it (decision 0043).
    const task = { category: row.category, deadlineDays: row.deadline_days, deadlineMonths: row.deadline_months, ...rule };
    const lateStart = { task, memory: { dateOfDeath: row.date_of_death, startedOn: isoDateIn(new Date(row.created_at)), jurisdiction } };
    const dueDate = withinLimit(row.due_date, rule.limit, row.date_of_death)!;
    memory.tasks.push({ taskId: row.item_id, title: row.title, dueDate, deadlineKind: rule.deadlineKind, lateNote: rule.lateNote, lateStart });
  }
  return [...people.values()];
}
