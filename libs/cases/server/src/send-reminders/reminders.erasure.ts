import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { SqlClient } from '@afterwards/persistence';
import { AccountErasure, ERASURE_ORDER, type ErasedAccount } from '@afterwards/identity-server';
import { SQL_CLIENT } from '@afterwards/server-kit';

/**
 * The reminders part of deleting an account: the person's reminder switches and preferences, the record of
 * reminder e-mails sent to them and their calendar addresses, on their own memories and on those shared with them.
 */
@Injectable()
export class RemindersErasure implements OnModuleInit {
  constructor(
    private readonly erasure: AccountErasure,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  onModuleInit(): void {
    this.erasure.add({ name: 'reminders', order: ERASURE_ORDER.reminders, erase: (account) => this.erase(account) });
  }

  async erase({ userId }: ErasedAccount): Promise<void> {
    for (const table of ['reminder_optouts', 'reminders_sent', 'reminder_digests', 'reminder_preferences', 'calendar_subscriptions']) {
      await this.sql.query(`DELETE FROM ${table} WHERE user_id = $1`, [userId]);
    }
  }
}
