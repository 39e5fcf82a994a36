import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { FIRST_STAFF_TOKEN_TTL_MS } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { APP_CONFIG, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';

const hash = (token: string) => createHash('sha256').update(token).digest('hex');

/**
 * A newcomer on `npm start` has no staff account and no way to make one in the browser. While none
 * exists, each start prints a one-time link (valid for an hour) that creates the first one. Only the
 * hash of the token is stored, so the database alone cannot be used to claim it.
 */
@Injectable()
export class FirstStaffService implements OnApplicationBootstrap {
  private readonly logger = new Logger('first-staff');

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    if (await this.staffExists()) return;
    const token = randomBytes(24).toString('base64url');
    const expiresAt = new Date(Date.now() + FIRST_STAFF_TOKEN_TTL_MS);
    await this.sql.query(`INSERT INTO admin_setup_tokens (token_hash, expires_at) VALUES ($1, $2)`, [hash(token), expiresAt]);
    const link = `${this.config.publicUrl}/admin/setup?token=${token}`;
    this.logger.log({ expiresAt: expiresAt.toISOString() }, 'no staff account yet: a one-time set-up link was printed');
    // The one thing the person starting the product needs, outside the JSON log (like the URL line).
    if (process.env.AFTERWARDS_PRINT_URL !== 'false' || process.stdout.isTTY) {
      console.log(`\n  No staff account yet. Create the first one within an hour at:\n  ${link}\n`);
    }
    if (process.env.AFTERWARDS_SETUP_LINK_FILE) {
      // Tests read the link from here instead of scraping the console.
      fs.writeFileSync(process.env.AFTERWARDS_SETUP_LINK_FILE, link);
    }
  }

  async staffExists(): Promise<boolean> {
    const { rows } = await this.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM admin_users`);
    return (rows[0]?.n ?? 0) > 0;
  }

  async isValid(token: string): Promise<boolean> {
    if (await this.staffExists()) return false;
    const { rows } = await this.sql.query(`SELECT 1 FROM admin_setup_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()`, [hash(token)]);
    return rows.length > 0;
  }

  /** Marks the token used; true only for the one caller that claimed it while no staff account existed. */
  async claim(token: string): Promise<boolean> {
    const { rows } = await this.sql.query(
      `UPDATE admin_setup_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now() AND NOT EXISTS (SELECT 1 FROM admin_users)
       RETURNING 1`,
      [hash(token)],
    );
    return rows.length > 0;
  }

  /** Gives back a claimed token whose account could not be made, while no staff account exists. */
  async release(token: string): Promise<void> {
    await this.sql.query(`UPDATE admin_setup_tokens SET used_at = NULL WHERE token_hash = $1 AND NOT EXISTS (SELECT 1 FROM admin_users)`, [hash(token)]);
  }
}
