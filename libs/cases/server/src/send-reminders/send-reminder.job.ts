import { defineJob, type JobQueue } from '@afterwards/jobs';
import type { Mailer } from '@afterwards/mail';
import { reminderEmail } from '@afterwards/mail';
import type { SqlClient } from '@afterwards/persistence';
import { REMINDERS_UNSUBSCRIBE_PATH } from '@afterwards/contracts';
import { daysUntil, type ReminderOffset } from '@afterwards/cases-domain';
import { formatDayEnGB } from '@afterwards/checklist-domain';
import type { Clock } from '@afterwards/server-kit';
import { findDueReminders, type DueReminder } from './due-reminders';
import { hashToken, newLinkToken } from '../link-tokens';

export interface SendReminderPayload {
  readonly userId: string;
  readonly caseId: string;
  readonly taskId: string;
  readonly offset: ReminderOffset;
  readonly dueDate: string;
}

/** One reminder e-mail. Retried on a failed send (the claim is given back first). */
export const sendReminderJob = defineJob<SendReminderPayload>('cases.send-reminder', { attempts: 3, backoff: { type: 'exponential', delayMs: 2_000 } });

/** Every how often the sweep looks for reminders due (REMINDER_SWEEP_MS), and at once when jobs start. */
export const sweepRemindersJob = defineJob<null>('cases.sweep-reminders', { removeOnComplete: 10 });

export interface ReminderDeps {
  readonly sql: SqlClient;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly supportEmail: string;
}

/** The job's id: the reminder itself, so a sweep that finds it again while it waits adds nothing. */
export const reminderJobId = (r: Pick<DueReminder, 'userId' | 'taskId' | 'offset' | 'dueDate'>): string => `${r.userId}.${r.taskId}.${r.offset}.${r.dueDate}`;

/** Queues one send job per reminder due now. */
export async function sweepReminders(deps: Pick<ReminderDeps, 'sql' | 'clock'>, queue: JobQueue): Promise<{ due: number; queued: number }> {
  const due = await findDueReminders(deps.sql, deps.clock.now());
  let queued = 0;
  for (const r of due) {
    const payload: SendReminderPayload = { userId: r.userId, caseId: r.caseId, taskId: r.taskId, offset: r.offset, dueDate: r.dueDate };
    const result = await queue.enqueue(sendReminderJob, payload, { jobId: reminderJobId(r) });
    if (!result.deduplicated) queued += 1;
  }
  return { due: due.length, queued };
}

/**
 * Sends one reminder if it is still due (the task may have been ticked, the date of death moved, reminders
 * turned off, or quiet hours begun since the sweep: then nothing; the sweep finds it again if it comes due
 * again). It claims the reminder's row first: of two runs (a retry, a second worker) only the one whose
 * insert lands sends. A failed send gives the claim back so the retry can send; a crash between claim and
 * send loses that one e-mail rather than sending it twice.
 */
export async function sendReminder(deps: ReminderDeps, payload: SendReminderPayload): Promise<'sent' | 'not-due' | 'already-sent'> {
  const now = deps.clock.now();
  const [due] = (await findDueReminders(deps.sql, now, payload)).filter((r) => r.offset === payload.offset && r.dueDate === payload.dueDate);
  if (!due) return 'not-due';
  const token = newLinkToken(24);
  const claimed = await deps.sql.query(
    `INSERT INTO reminders_sent (user_id, case_id, task_id, offset_kind, due_date, claimed_at, unsubscribe_hash)
     VALUES ($1, $2, $3, $4, $5::date, $6, $7) ON CONFLICT DO NOTHING RETURNING 1`,
    [due.userId, due.caseId, due.taskId, due.offset, due.dueDate, now.toISOString(), hashToken(token)],
  );
  if (claimed.rows.length === 0) return 'already-sent';
  const message = reminderEmail({
    to: due.email,
    name: due.name,
    memoryName: due.memoryName,
    deceasedName: due.deceasedName,
    taskTitle: due.taskTitle,
    legal: due.legal,
    dueOn: formatDayEnGB(due.dueDate),
    daysLeft: daysUntil(due.dueDate, now),
    lateNote: due.lateNote,
    dashboardUrl: `${deps.publicUrl}/dashboard`,
    unsubscribeUrl: `${deps.publicUrl}${REMINDERS_UNSUBSCRIBE_PATH}?token=${token}`,
    supportEmail: deps.supportEmail,
  });
  try {
    await deps.mailer.send(message);
  } catch (error) {
    await deps.sql.query(`DELETE FROM reminders_sent WHERE unsubscribe_hash = $1`, [hashToken(token)]);
    throw error;
  }
  return 'sent';
}
