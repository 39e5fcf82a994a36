import { defineJob, type JobQueue } from '@afterwards/jobs';
import type { Mailer } from '@afterwards/mail';
import { reminderDigestEmail } from '@afterwards/mail';
import type { SqlClient } from '@afterwards/persistence';
import { REMINDERS_UNSUBSCRIBE_PATH } from '@afterwards/contracts';
import { dueDigest, ukClock } from '@afterwards/cases-domain';
import type { Clock } from '@afterwards/server-kit';
import { readReminderRecipients } from './due-reminders';
import { hashToken, newLinkToken } from '../link-tokens';

/** One person's reminder e-mail of one UK/Irish day. */
export interface SendReminderPayload {
  readonly userId: string;
  /** `YYYY-MM-DD`. */
  readonly day: string;
}

/** A person's e-mail of the day. Retried on a failed send (the claim is given back first). */
export const sendReminderJob = defineJob<SendReminderPayload>('cases.send-reminder', { attempts: 3, backoff: { type: 'exponential', delayMs: 2_000 } });

/** Every how often the sweep looks for e-mails due (REMINDER_SWEEP_MS), and at once when jobs start. */
export const sweepRemindersJob = defineJob<null>('cases.sweep-reminders', { removeOnComplete: 10 });

export interface ReminderDeps {
  readonly sql: SqlClient;
  readonly clock: Clock;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly supportEmail: string;
}

/** The job's id: the person and the day, so a sweep that finds it again while it waits adds nothing. */
export const reminderJobId = (r: SendReminderPayload): string => `${r.userId}.${r.day}`;

/**
 * Queues one send job per person whose e-mail of today is due and not yet sent. From 08:00 UK/Irish time
 * (decision 0044) until quiet hours begin at 21:00: a sweep that runs late (the service was down at 08:00)
 * still sends the day's e-mail that day; a day missed altogether is not sent the next.
 */
export async function sweepReminders(deps: Pick<ReminderDeps, 'sql' | 'clock'>, queue: JobQueue): Promise<{ due: number; queued: number }> {
  const now = deps.clock.now();
  const people = await readReminderRecipients(deps.sql, now, { sending: true });
  let due = 0;
  let queued = 0;
  for (const person of people) {
    const digest = dueDigest(person.memories, now);
    if (!digest) continue;
    due += 1;
    const payload: SendReminderPayload = { userId: person.userId, day: digest.day };
    const result = await queue.enqueue(sendReminderJob, payload, { jobId: reminderJobId(payload) });
    if (!result.deduplicated) queued += 1;
  }
  return { due, queued };
}

/**
 * Sends a person's e-mail of the day if it is still due (a task may have been ticked, reminders turned off,
 * the day over, or quiet hours begun since the sweep: then nothing). It claims the (person, day) row first:
 * of two runs (a retry, a second worker, a restarted process) only the one whose insert lands sends, so a
 * person gets at most one reminder e-mail a day. A failed send gives the claim back so the retry can send;
 * a crash between claim and send loses that day's e-mail rather than sending it twice.
 */
export async function sendReminder(deps: ReminderDeps, payload: SendReminderPayload): Promise<'sent' | 'not-due' | 'already-sent'> {
  const now = deps.clock.now();
  // A job queued before this shape (one per task) has no day: its reminder is in the day's e-mail now.
  if (typeof payload.day !== 'string' || ukClock(now).date !== payload.day) return 'not-due';
  const [person] = await readReminderRecipients(deps.sql, now, { userId: payload.userId, sending: true });
  const digest = person ? dueDigest(person.memories, now) : null;
  if (!person || !digest) return 'not-due';
  const token = newLinkToken(24);
  const claimed = await deps.sql.query(
    `INSERT INTO reminder_digests (user_id, day, case_ids, claimed_at, unsubscribe_hash)
     VALUES ($1, $2::date, $3::uuid[], $4, $5) ON CONFLICT DO NOTHING RETURNING 1`,
    [person.userId, digest.day, digest.sections.map((s) => s.caseId), now.toISOString(), hashToken(token)],
  );
  if (claimed.rows.length === 0) return 'already-sent';
  const message = reminderDigestEmail({
    to: person.email,
    name: person.name,
    subject: digest.subject,
    sections: digest.sections.map((s) => ({ memoryName: s.memoryName, deceasedName: s.deceasedName, lines: [...s.lines], note: s.note })),
    dashboardUrl: `${deps.publicUrl}/dashboard`,
    unsubscribeUrl: `${deps.publicUrl}${REMINDERS_UNSUBSCRIBE_PATH}?token=${token}`,
    supportEmail: deps.supportEmail,
  });
  try {
    await deps.mailer.send(message);
  } catch (error) {
    await deps.sql.query(`DELETE FROM reminder_digests WHERE unsubscribe_hash = $1`, [hashToken(token)]);
    throw error;
  }
  return 'sent';
}
