import { memoryNoticeEmail, type Mailer } from '@afterwards/mail';
import type { SqlClient } from '@afterwards/persistence';
import { MAILER } from '@afterwards/identity-server';
import { APP_CONFIG, SQL_CLIENT, type AppConfig, type JobProcessor } from '@afterwards/server-kit';
import type { MemoryNoticeKind } from '@afterwards/cases-domain';
import { sendMemoryNoticeJob } from './memory-notices.reactor';

/** Sent rows (ids only by then) are kept this long, so a late replay of their fact cannot send them again. */
export const SENT_NOTICES_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

export interface MemoryNoticeDeps {
  readonly sql: SqlClient;
  readonly mailer: Mailer;
  readonly publicUrl: string;
  readonly supportEmail?: string;
}

/**
 * Sends one notice's e-mail unless it went already, then blanks the names the row held for it. Marked after
 * sending: a crash in between may send one twice, never lose one. Someone whose account is gone by now (they
 * deleted it too) gets nothing.
 */
export async function sendMemoryNotice(deps: MemoryNoticeDeps, noticeId: string, now = new Date()): Promise<'sent' | 'already-sent' | 'no-recipient'> {
  const { rows } = await deps.sql.query<{
    kind: MemoryNoticeKind;
    deceased_name: string | null;
    actor_name: string | null;
    sent_at: Date | null;
    email: string | null;
    name: string | null;
  }>(
    `SELECT n.kind, n.deceased_name, n.actor_name, n.sent_at, u.email, nullif(app_person_name(n.recipient_id), '') AS name
       FROM memory_notices n LEFT JOIN auth_users u ON u.id = n.recipient_id WHERE n.id = $1::uuid`,
    [noticeId],
  );
  const notice = rows[0];
  if (!notice || notice.sent_at) return 'already-sent';
  if (notice.email && notice.deceased_name) {
    await deps.mailer.send(
      memoryNoticeEmail({
        to: notice.email,
        name: notice.name,
        kind: notice.kind,
        deceasedName: notice.deceased_name,
        actorName: notice.actor_name,
        dashboardUrl: `${deps.publicUrl}/dashboard`,
        ...(deps.supportEmail ? { supportEmail: deps.supportEmail } : {}),
      }),
    );
  }
  // The names were only for this e-mail; what stays (ids, kind, time) stops a replay from sending it again.
  await deps.sql.query(`UPDATE memory_notices SET sent_at = $2, deceased_name = NULL, actor_name = NULL WHERE id = $1::uuid`, [noticeId, now]);
  await deps.sql.query(`DELETE FROM memory_notices WHERE sent_at < $1`, [new Date(now.getTime() - SENT_NOTICES_KEPT_MS)]);
  return notice.email ? 'sent' : 'no-recipient';
}

/** The notices' e-mail job, for the process that runs jobs (the worker, or the embedded API). */
export const memoryNoticeJobProcessors: JobProcessor[] = [
  {
    definition: sendMemoryNoticeJob,
    handler: async (job, services) => {
      const config = services.get<AppConfig>(APP_CONFIG);
      await sendMemoryNotice(
        { sql: services.get<SqlClient>(SQL_CLIENT), mailer: services.get<Mailer>(MAILER), publicUrl: config.publicUrl, supportEmail: config.supportEmail },
        (job.payload as { noticeId: string }).noticeId,
      );
    },
  } as JobProcessor,
];
