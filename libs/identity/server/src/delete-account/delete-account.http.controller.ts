import { Body, Controller, Delete, HttpCode, Inject, Req, Res } from '@nestjs/common';
import { isAPIError } from 'better-auth/api';
import { DeleteAccountRequestSchema } from '@afterwards/contracts';
import { appendAnswerHeader, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../auth/auth';
import { AUTH } from '../tokens';
import { requireUser } from '../session/current-user';
import { DeleteAccountService } from './delete-account.service';
import { authHeaders } from '../auth/auth-headers';

/**
 * Delete my account. Answers once everything is gone (memories purged, files deleted, every session
 * ended), and clears this browser's session cookie so the screen lands signed out.
 */
@Controller('api')
export class DeleteAccountController {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    private readonly accounts: DeleteAccountService,
  ) {}

  @Delete('account')
  @HttpCode(204)
  async delete(@Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply, @Body() body: unknown): Promise<void> {
    // Always the database, never a cached session: the proof below must be about a session that still exists.
    const user = await requireUser(this.auth, req);
    const input = DeleteAccountRequestSchema.parse(body ?? {});
    await this.accounts.delete(user, {
      password: input.password,
      code: input.code,
      // better-auth's TOTP check for the signed-in session; a wrong or expired code is its 401, anything else is a failure.
      verifyCode: async (code) => {
        try {
          await this.auth.api.verifyTOTP({ body: { code }, headers: authHeaders(req) });
          return true;
        } catch (error) {
          if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) return false;
          throw error;
        }
      },
    });
    for (const name of sessionCookieNames(req)) appendAnswerHeader(reply, 'Set-Cookie', clearedCookie(name));
  }
}

/** A cookie's name as RFC 6265 allows it (the `cookie` package's check, which Express's `clearCookie` ran). */
const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** The Set-Cookie line that removes a session cookie, as Express's `clearCookie` wrote it (path /, HttpOnly, Lax). */
function clearedCookie(name: string): string {
  // A name from the request's Cookie header goes into an answer header: nothing but a token, or no answer.
  if (!COOKIE_NAME.test(name)) throw new TypeError('argument name is invalid');
  return `${name}=; Path=/; Expires=${new Date(1).toUTCString()}; HttpOnly${name.startsWith('__Secure-') ? '; Secure' : ''}; SameSite=Lax`;
}

/** better-auth's cookies this browser sent (session token and data, `__Secure-` prefixed over HTTPS). */
function sessionCookieNames(req: HttpRequest): string[] {
  return (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter((name) => /(^|\.)better-auth\./.test(name) || name.endsWith('session_token') || name.endsWith('session_data'));
}
