import { Body, Controller, Delete, HttpCode, Inject, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { isAPIError } from 'better-auth/api';
import { fromNodeHeaders } from 'better-auth/node';
import { DeleteAccountRequestSchema } from '@afterwards/contracts';
import type { Auth } from '../auth/auth';
import { AUTH } from '../tokens';
import { requireUser } from '../session/current-user';
import { DeleteAccountService } from './delete-account.service';

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
  async delete(@Req() req: Request, @Res({ passthrough: true }) res: Response, @Body() body: unknown): Promise<void> {
    // Always the database, never a cached session: the proof below must be about a session that still exists.
    const user = await requireUser(this.auth, req);
    const input = DeleteAccountRequestSchema.parse(body ?? {});
    await this.accounts.delete(user, {
      password: input.password,
      code: input.code,
      // better-auth's TOTP check for the signed-in session; a wrong or expired code is its 401, anything else is a failure.
      verifyCode: async (code) => {
        try {
          await this.auth.api.verifyTOTP({ body: { code }, headers: fromNodeHeaders(req.headers) });
          return true;
        } catch (error) {
          if (isAPIError(error) && (error.statusCode === 401 || error.statusCode === 400)) return false;
          throw error;
        }
      },
    });
    for (const name of sessionCookieNames(req)) res.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: name.startsWith('__Secure-') });
  }
}

/** better-auth's cookies this browser sent (session token and data, `__Secure-` prefixed over HTTPS). */
function sessionCookieNames(req: Request): string[] {
  return (req.headers.cookie ?? '')
    .split(';')
    .map((part) => part.slice(0, part.indexOf('=')).trim())
    .filter((name) => /(^|\.)better-auth\./.test(name) || name.endsWith('session_token') || name.endsWith('session_data'));
}
