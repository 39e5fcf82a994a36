import { Controller, Get, Inject, Req } from '@nestjs/common';
import { AUTH_OPTIONS_URL, SESSION_STATE_URL, type AuthOptionsResponse, type SessionResponse, type SessionStateResponse, type SessionUser } from '@afterwards/contracts';
import { APP_CONFIG, PRISMA, readAsUser, type AppConfig, type HttpRequest } from '@afterwards/server-kit';
import type { PrismaClient } from '@afterwards/persistence';
import type { Auth } from '../auth/auth';
import { AUTH } from '../tokens';
import { findCurrentUser, requireUser, type CurrentUser } from './current-user';

@Controller()
export class SessionController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The signed-in user, or 401. */
  @Get('api/session')
  async session(@Req() req: HttpRequest): Promise<SessionResponse> {
    return { user: await this.sessionUser(await requireUser(this.auth, req)) };
  }

  /** The signed-in user, or null: 200 either way (see SESSION_STATE_URL). */
  @Get(SESSION_STATE_URL.replace(/^\//, ''))
  async state(@Req() req: HttpRequest): Promise<SessionStateResponse> {
    const u = await findCurrentUser(this.auth, req);
    return { user: u ? await this.sessionUser(u) : null };
  }

  private async sessionUser(u: CurrentUser): Promise<SessionUser> {
    // Every page asks this: one round trip, as the row-level-secured role (decision 0023).
    const [row] = await readAsUser<{ first_name: string | null; sign_ins: number | null }>(
      this.prisma,
      u.id,
      'SELECT (SELECT first_name FROM user_settings WHERE user_id = $1) AS first_name, (SELECT sign_ins FROM user_sign_ins WHERE user_id = $1) AS sign_ins',
      [u.id],
    );
    return {
      id: u.id,
      email: u.email,
      emailVerified: u.emailVerified,
      name: u.name,
      firstName: row?.first_name ?? null,
      twoFactorEnabled: u.twoFactorEnabled,
      returning: (row?.sign_ins ?? 0) > 1,
    };
  }

  /** What the sign-in screen may offer (public). */
  @Get(AUTH_OPTIONS_URL.replace(/^\//, ''))
  async options(): Promise<AuthOptionsResponse> {
    return { google: await this.googleReachable(), supportEmail: this.config.supportEmail };
  }

  private googleCheck: { at: number; ok: Promise<boolean> } | undefined;

  /**
   * Offer Google only while its OpenID configuration answers: a button that can only fail is worse
   * than none. Checked at most once a minute.
   */
  private googleReachable(): Promise<boolean> {
    const google = this.config.google;
    if (!google) return Promise.resolve(false);
    if (!this.googleCheck || Date.now() - this.googleCheck.at > 60_000) {
      const ok = fetch(`${google.issuerUrl}/.well-known/openid-configuration`, { signal: AbortSignal.timeout(3_000) })
        .then((res) => res.ok)
        .catch(() => false);
      this.googleCheck = { at: Date.now(), ok };
    }
    return this.googleCheck.ok;
  }
}
