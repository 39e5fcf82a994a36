import { Body, Controller, Get, Inject, Param, Put, Req } from '@nestjs/common';
import { SetMemoryRemindersRequestSchema, type MemoryReminders } from '@afterwards/contracts';
import type { PrismaClient, SqlClient } from '@afterwards/persistence';
import { PRISMA, SQL_CLIENT, withUser, type HttpRequest } from '@afterwards/server-kit';
import { SessionCache } from '@afterwards/identity-server';
import { requireOwnedMemory } from './owned-memory';

/** Turns one memory off for one person (or on again); undone by the same switch. */
export async function setMemoryReminders(sql: SqlClient, userId: string, caseId: string, enabled: boolean, at: Date): Promise<void> {
  if (enabled) await sql.query('DELETE FROM reminder_optouts WHERE user_id = $1 AND case_id = $2', [userId, caseId]);
  else await sql.query('INSERT INTO reminder_optouts (user_id, case_id, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [userId, caseId, at.toISOString()]);
}

/** "Email me reminders for this memory" on the Tasks tab, with Settings' switch and the calendar link's state. */
@Controller('api/memories')
export class MemoryRemindersController {
  constructor(
    private readonly sessions: SessionCache,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  @Get(':id/reminders')
  async get(@Req() req: HttpRequest, @Param('id') id: string): Promise<MemoryReminders> {
    const user = await this.sessions.requireUser(req);
    await requireOwnedMemory(this.prisma, user.id, id);
    return this.read(user.id, id);
  }

  @Put(':id/reminders')
  async put(@Req() req: HttpRequest, @Param('id') id: string, @Body() body: unknown): Promise<MemoryReminders> {
    const user = await this.sessions.requireUser(req);
    const { enabled } = SetMemoryRemindersRequestSchema.parse(body ?? {});
    await requireOwnedMemory(this.prisma, user.id, id);
    await setMemoryReminders(this.sql, user.id, id, enabled, new Date());
    return this.read(user.id, id);
  }

  private async read(userId: string, caseId: string): Promise<MemoryReminders> {
    const [optout, subscription, settings] = await Promise.all([
      this.sql.query('SELECT 1 FROM reminder_optouts WHERE user_id = $1 AND case_id = $2', [userId, caseId]),
      this.sql.query<{ created_at: Date | string }>('SELECT created_at FROM calendar_subscriptions WHERE user_id = $1 AND case_id = $2 AND revoked_at IS NULL', [userId, caseId]),
      withUser(this.prisma, userId, (tx) => tx.userSettings.findUnique({ where: { userId }, select: { emailNotifications: true } })),
    ]);
    const live = subscription.rows[0];
    return {
      enabled: optout.rows.length === 0,
      emailNotifications: settings?.emailNotifications ?? true,
      calendar: { subscribed: Boolean(live), createdAt: live ? new Date(live.created_at).toISOString() : null },
    };
  }
}
