import { Controller, Delete, Get, HttpCode, Inject, Param, Post, Req, Res } from '@nestjs/common';
import { CALENDAR_FEED_PATH, LinkTokenSchema, type CalendarSubscription } from '@afterwards/contracts';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import { APP_CONFIG, PRISMA, ProblemError, setAnswerHeader, SQL_CLIENT, type AppConfig, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { getMemoryDetail } from '../read-model/memory.queries';
import { CALENDAR_CONTENT_TYPE, memoryCalendar } from '../memory-calendar/memory-calendar';
import { requireOwnedMemory } from '../memory-reminders/owned-memory';
import { hashToken, newLinkToken } from '../link-tokens';

export const CALENDAR_LINK_NOT_FOUND = 'CALENDAR_LINK_NOT_FOUND';
export const CALENDAR_LINK_REVOKED = 'CALENDAR_LINK_REVOKED';

/**
 * A private calendar address per person and memory: calendar programs fetch it without cookies, so the
 * random token in it is the only key; only its hash is stored. Making a new one revokes the old one;
 * revoking makes the old address answer 410.
 */
@Controller('api')
export class CalendarSubscriptionController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Post('memories/:id/calendar-subscription')
  @HttpCode(201)
  async create(@Req() req: HttpRequest, @Param('id') id: string): Promise<CalendarSubscription> {
    const user = await this.sessions.requireUser(req);
    await requireOwnedMemory(this.prisma, user.id, id);
    const token = newLinkToken(24);
    const now = new Date();
    await this.sql.transaction(async (tx) => {
      await tx.query('UPDATE calendar_subscriptions SET revoked_at = $3 WHERE user_id = $1 AND case_id = $2 AND revoked_at IS NULL', [user.id, id, now.toISOString()]);
      await tx.query('INSERT INTO calendar_subscriptions (token_hash, user_id, case_id, created_at) VALUES ($1, $2, $3, $4)', [hashToken(token), user.id, id, now.toISOString()]);
    });
    return { url: `${this.config.publicUrl}${CALENDAR_FEED_PATH}/${token}.ics`, createdAt: now.toISOString() };
  }

  @Delete('memories/:id/calendar-subscription')
  @HttpCode(204)
  async revoke(@Req() req: HttpRequest, @Param('id') id: string): Promise<void> {
    const user = await this.sessions.requireUser(req);
    await requireOwnedMemory(this.prisma, user.id, id);
    await this.sql.query('UPDATE calendar_subscriptions SET revoked_at = $3 WHERE user_id = $1 AND case_id = $2 AND revoked_at IS NULL', [user.id, id, new Date().toISOString()]);
  }

  /** The feed itself: no session, no cookies; the same file as 'Download .ics', read afresh each time. */
  @Get(`${CALENDAR_FEED_PATH.slice('/api/'.length)}/:token`)
  async feed(@Param('token') file: string, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    const parsed = LinkTokenSchema.safeParse(file.replace(/\.ics$/, ''));
    const notFound = () => new ProblemError(404, CALENDAR_LINK_NOT_FOUND, 'There is no calendar at this address.');
    if (!parsed.success) throw notFound();
    const { rows } = await this.sql.query<{ user_id: string; case_id: string; revoked_at: Date | null }>(
      'SELECT user_id, case_id, revoked_at FROM calendar_subscriptions WHERE token_hash = $1',
      [hashToken(parsed.data)],
    );
    const row = rows[0];
    if (!row) throw notFound();
    if (row.revoked_at) throw new ProblemError(410, CALENDAR_LINK_REVOKED, 'This calendar address was turned off by its owner.');
    // Read as the subscriber under row-level security: a memory deleted, or no longer theirs, is gone.
    const detail = await getMemoryDetail(this.prisma, row.user_id, row.case_id);
    if (!detail) throw notFound();
    setAnswerHeader(reply, 'content-type', CALENDAR_CONTENT_TYPE);
    setAnswerHeader(reply, 'cache-control', 'private, no-cache');
    return memoryCalendar(detail, { dashboardUrl: `${this.config.publicUrl}/dashboard`, createdAt: new Date() });
  }
}
