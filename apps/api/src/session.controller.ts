import { Controller, Get, Post } from '@nestjs/common';
import { ProblemError } from '@afterwards/server-kit';

/**
 * Sign-in arrives with the accounts work. Until then nobody can be signed in, and the staff sign-in
 * screen is told plainly that it is not available, rather than pretending.
 */
@Controller('api')
export class SessionController {
  @Get('session')
  session(): never {
    throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
  }

  @Post('admin/session')
  adminSignIn(): never {
    throw new ProblemError(503, 'NOT_AVAILABLE', 'Staff sign-in is not available yet. Please try again later.');
  }
}
