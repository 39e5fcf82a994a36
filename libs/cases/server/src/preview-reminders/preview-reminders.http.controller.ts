import { Body, Controller, Get, Inject, Put, Req } from '@nestjs/common';
import { REMINDERS_NEXT_PATH, REMINDERS_PREFERENCES_PATH, SetReminderPreferencesRequestSchema, type ReminderPreview } from '@afterwards/contracts';
import { nextDigest, ukClock } from '@afterwards/cases-domain';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT, type Clock, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { readReminderRecipients } from '../send-reminders/due-reminders';
import { REMINDER_CLOCK } from '../send-reminders/reminder-clock';

/** How far ahead Settings looks for the next e-mail. */
const PREVIEW_DAYS = 14;

/**
 * Settings' "What we will send": the reminder e-mail the signed-in person would get next, worked out by the
 * sender's own rule (`nextDigest` over the same read), and the choice to hear nothing about memories shared
 * with them to view only. Reads and writes only the caller's own rows.
 */
@Controller()
export class PreviewRemindersController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(REMINDER_CLOCK) private readonly clock: Clock,
  ) {}

  @Get(REMINDERS_NEXT_PATH.slice(1))
  async next(@Req() req: HttpRequest): Promise<ReminderPreview> {
    const user = await this.sessions.requireUser(req);
    return this.read(user.id);
  }

  @Put(REMINDERS_PREFERENCES_PATH.slice(1))
  async set(@Req() req: HttpRequest, @Body() body: unknown): Promise<ReminderPreview> {
    const user = await this.sessions.requireUser(req);
    const { viewerReminders } = SetReminderPreferencesRequestSchema.parse(body ?? {});
    await this.sql.query(
      `INSERT INTO reminder_preferences (user_id, viewer_reminders, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET viewer_reminders = EXCLUDED.viewer_reminders, updated_at = EXCLUDED.updated_at`,
      [user.id, viewerReminders, new Date().toISOString()],
    );
    return this.read(user.id);
  }

  private async read(userId: string): Promise<ReminderPreview> {
    const now = this.clock.now();
    const today = ukClock(now).date;
    const [people, state] = await Promise.all([
      readReminderRecipients(this.sql, now, { userId, daysAhead: PREVIEW_DAYS }),
      this.sql.query<{ email_notifications: boolean | null; viewer_reminders: boolean | null; views_any: boolean; sent_today: boolean }>(
        `SELECT (SELECT email_notifications FROM user_settings WHERE user_id = $1) AS email_notifications,
           (SELECT viewer_reminders FROM reminder_preferences WHERE user_id = $1) AS viewer_reminders,
           EXISTS (SELECT 1 FROM case_members WHERE user_id = $1 AND role = 'viewer') AS views_any,
           EXISTS (SELECT 1 FROM reminder_digests WHERE user_id = $1 AND day = $2::date) AS sent_today`,
        [userId, today],
      ),
    ]);
    const row = state.rows[0]!;
    const digest = nextDigest(people[0]?.memories ?? [], now, row.sent_today, PREVIEW_DAYS);
    return {
      emailNotifications: row.email_notifications ?? true,
      viewerReminders: row.viewer_reminders ?? true,
      viewsAny: row.views_any,
      next: digest
        ? {
            sendAt: digest.sendAt.toISOString(),
            subject: digest.subject,
            sections: digest.sections.map((s) => ({ memoryName: s.memoryName, deceasedName: s.deceasedName, lines: [...s.lines], note: s.note })),
          }
        : null,
    };
  }
}
