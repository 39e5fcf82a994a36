import { Body, Controller, Get, HttpCode, Inject, Post, Query as QueryParams, Req } from '@nestjs/common';
import { FirstStaffSchema, type AdminUser } from '@afterwards/contracts';
import { checkPassword } from '@afterwards/identity-domain';
import type { SqlClient } from '@afterwards/persistence';
import { headerOf, ProblemError, SQL_CLIENT, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../../auth/auth';
import { clientIp } from '../../session/current-user';
import { AUTH } from '../../tokens';
import { asAdminRole, writeAudit } from '../admin-audit';
import { createAdmin } from '../create-admin';
import { FirstStaffService } from './first-staff.service';

const EXPIRED = 'This set-up link has expired or was already used.';

/** `GET|POST /api/admin/setup`: the first staff account, from the one-time link printed at start-up. */
@Controller('api/admin/setup')
export class FirstStaffController {
  constructor(
    private readonly firstStaff: FirstStaffService,
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  @Get()
  async status(@QueryParams('token') token: string | undefined): Promise<{ valid: boolean }> {
    return { valid: typeof token === 'string' && token.length > 0 && token.length < 200 && (await this.firstStaff.isValid(token)) };
  }

  @Post()
  @HttpCode(201)
  async create(@Req() req: HttpRequest, @Body() body: unknown): Promise<{ admin: AdminUser }> {
    const input = FirstStaffSchema.parse(body ?? {});
    // An existing sign-in account would be made staff without its password being proved: refuse.
    const existing = await (await this.auth.$context).internalAdapter.findUserByEmail(input.email);
    if (existing) throw new ProblemError(409, 'ACCOUNT_EXISTS', 'An account with this e-mail address already exists. Use another address, or make it staff with the create-admin tool.', [{ path: 'email', message: 'An account with this e-mail address already exists' }]);
    // Every rule first, as every other form's password: a refused password must not burn the one-time link.
    const weak = checkPassword(input.password);
    if (weak) throw new ProblemError(400, 'VALIDATION_FAILED', weak.message, [{ path: 'password', message: weak.message }]);
    if (!(await this.firstStaff.claim(input.token))) throw new ProblemError(410, 'SETUP_LINK_EXPIRED', EXPIRED);
    let made: { id: string; authUserId: string };
    try {
      made = await createAdmin(this.auth, this.sql, { email: input.email, name: input.name, password: input.password, role: 'admin' });
    } catch (error) {
      // The account was not made: the link stays good for another try.
      await this.firstStaff.release(input.token);
      throw error;
    }
    const { id, authUserId } = made;
    await asAdminRole(this.sql, (tx) =>
      writeAudit(tx, { action: 'first_staff_created', adminUserId: id, authUserId, tableName: 'admin_users', recordId: id, newValues: { name: input.name, email: input.email, role: 'admin' }, ipAddress: clientIp(req), userAgent: headerOf(req, 'user-agent') ?? null }),
    );
    return { admin: { id, name: input.name, email: input.email, role: 'admin' } };
  }
}
