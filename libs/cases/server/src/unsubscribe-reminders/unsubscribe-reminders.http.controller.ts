import { Controller, Get, HttpCode, Inject, Post, Query, Res } from '@nestjs/common';
import { REMINDERS_UNSUBSCRIBE_PATH, UnsubscribeQuerySchema } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { Consumes, ProblemError, setAnswerHeader, SQL_CLIENT, type HttpReply } from '@afterwards/server-kit';
import { hashToken } from '../link-tokens';
import { setMemoryReminders } from '../memory-reminders/memory-reminders.http.controller';
import { confirmPage, stoppedPage } from './unsubscribe-page';

export const REMINDER_LINK_NOT_FOUND = 'REMINDER_LINK_NOT_FOUND';

/**
 * The one-click stop link in each reminder e-mail: no sign-in; the token (random, only its hash is kept,
 * one per e-mail) says whose reminders for which memories (all those the e-mail spoke of). GET shows what the button will do; POST, sent by
 * that page's button or by a mail program's own unsubscribe (RFC 8058: `List-Unsubscribe=One-Click` as a
 * form, from the mail provider's servers, hence `anyOrigin` in the route catalog), turns those memories'
 * reminders off for that person.
 */
@Controller()
export class UnsubscribeRemindersController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  private async find(query: unknown): Promise<{ token: string; userId: string; memories: { caseId: string; name: string }[]; off: boolean }> {
    const { token } = UnsubscribeQuerySchema.parse(query);
    // The day's e-mail (one token for the memories it spoke of), or an e-mail of one memory sent before it.
    const { rows } = await this.sql.query<{ user_id: string; case_id: string; name: string; off: boolean }>(
      `WITH link AS (
         SELECT d.user_id, unnest(d.case_ids) AS case_id FROM reminder_digests d WHERE d.unsubscribe_hash = $1
         UNION SELECT s.user_id, s.case_id FROM reminders_sent s WHERE s.unsubscribe_hash = $1)
       SELECT l.user_id, l.case_id, c.name,
         EXISTS (SELECT 1 FROM reminder_optouts o WHERE o.user_id = l.user_id AND o.case_id = l.case_id) AS off
       FROM link l JOIN cases c ON c.id = l.case_id ORDER BY c.name, c.id`,
      [hashToken(token)],
    );
    // A deleted memory sends nothing any more: a link whose memories are all gone has nothing left to stop.
    if (rows.length === 0) throw new ProblemError(404, REMINDER_LINK_NOT_FOUND, 'This link is not valid, or the memory it was for has been deleted.');
    return { token, userId: rows[0]!.user_id, memories: rows.map((r) => ({ caseId: r.case_id, name: r.name })), off: rows.every((r) => r.off) };
  }

  @Get(REMINDERS_UNSUBSCRIBE_PATH.slice(1))
  async confirm(@Query() query: unknown, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const found = await this.find(query);
    const action = `${REMINDERS_UNSUBSCRIBE_PATH}?token=${encodeURIComponent(found.token)}`;
    pageHeaders(reply);
    return confirmPage(
      found.memories.map((m) => m.name),
      action,
      found.off,
    );
  }

  @Post(REMINDERS_UNSUBSCRIBE_PATH.slice(1))
  @HttpCode(200)
  @Consumes('application/x-www-form-urlencoded', 'multipart/form-data')
  async stop(@Query() query: unknown, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const found = await this.find(query);
    for (const memory of found.memories) await setMemoryReminders(this.sql, found.userId, memory.caseId, false, new Date());
    pageHeaders(reply);
    return stoppedPage(found.memories.map((m) => m.name));
  }
}

/** The link's pages: set only once the link is found, so that a refusal keeps the problem's headers. */
function pageHeaders(reply: HttpReply): void {
  setAnswerHeader(reply, 'content-type', 'text/html; charset=utf-8');
  setAnswerHeader(reply, 'cache-control', 'no-store');
}
