import { Inject, Injectable, type CanActivate, type ExecutionContext } from '@nestjs/common';
import { ADMIN_API, ADMIN_GUARD_MESSAGES, AdminRoleSchema, staffMay } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { headerOf, isSafeMethod, pathOf, ProblemError, routePatternOf, SQL_CLIENT, type HttpRequest } from '@afterwards/server-kit';
import type { Auth } from '../../auth/auth';
import { clientIp, findCurrentUser } from '../../session/current-user';
import { AUTH } from '../../tokens';
import { ADMIN_MESSAGES } from '../admin-session.http.controller';
import { asAdminRole, writeAudit } from '../admin-audit';
import { STAFF_KEY, type StaffMember } from './staff';
import { STAFF_LOOKUP, type StaffLookupRow } from './staff-lookup';

/** Staff routes that must answer without a staff session: signing in, and creating the very first account. */
const OPEN_ROUTES = [`${ADMIN_API}/session`, `${ADMIN_API}/setup`];

export function isStaffRoute(path: string): boolean {
  return path === ADMIN_API || path.startsWith(`${ADMIN_API}/`);
}

/**
 * One guard for every `/api/admin/*` route, run for the whole app (the platform's `RequestChecks` runs it
 * as its ACCESS_CHECK) so that a route added later is guarded without anyone remembering to. Each request
 * needs a live session begun by the staff sign-in (its lockout and audit) whose `admin_users` record is
 * active (looked up every time: deactivating someone takes effect at once); writes need a role that may
 * write (the platform's OwnOriginGuard has already refused a foreign Origin).
 */
@Injectable()
export class StaffGuard implements CanActivate {
  constructor(
    @Inject(AUTH) private readonly auth: Auth,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  /** Synchronous for a route that is not a staff route (every family request), a lookup for one that is. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    const req = context.switchToHttp().getRequest<HttpRequest>();
    // Decided by the route the router chose, never by the address as typed: the router may match it
    // whatever its letters' case or trailing slash (/api/ADMIN/listings is /api/admin/listings).
    const route = routePatternOf(req) ?? pathOf(req);
    if (!isStaffRoute(route) || OPEN_ROUTES.some((open) => route === open || route.startsWith(`${open}/`))) return true;
    return this.checkStaff(req);
  }

  private async checkStaff(req: HttpRequest): Promise<boolean> {
    const path = pathOf(req);

    // The Origin of writes is checked for every route by the platform's OwnOriginGuard, run first by RequestChecks.
    const write = !isSafeMethod(req.method);
    const user = await findCurrentUser(this.auth, req);
    if (!user) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    const found = await this.findStaff(user.id, user.sessionId);
    // A staff account's session that did not come through the staff sign-in: sign in there first.
    if (found === 'other-door') throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
    const staff = found;
    if (!staff) {
      await asAdminRole(this.sql, (tx) =>
        writeAudit(tx, { action: 'unauthorized_access', authUserId: user.id, tableName: 'admin_users', newValues: { method: req.method, path }, ipAddress: clientIp(req), userAgent: headerOf(req, 'user-agent') ?? null }),
      ).catch(() => undefined); // an audit failure must not turn a refusal into a 500
      throw new ProblemError(403, 'ADMIN_ACCESS_DENIED', ADMIN_MESSAGES.notAdmin);
    }
    if (write && !staffMay(staff.role, 'change')) throw new ProblemError(403, 'ADMIN_READ_ONLY', ADMIN_GUARD_MESSAGES.readOnly);
    (req as HttpRequest & { [STAFF_KEY]?: StaffMember })[STAFF_KEY] = staff;
    return true;
  }

  private async findStaff(authUserId: string, sessionId: string): Promise<StaffMember | 'other-door' | undefined> {
    // One statement, not a role-switching transaction: this runs on every staff request, and the four
    // round trips of BEGIN/SET ROLE/SELECT/COMMIT were a good part of a list request's time.
    const { rows } = await this.sql.query<StaffLookupRow>(STAFF_LOOKUP, [authUserId, sessionId]);
    const row = rows[0];
    if (!row) return undefined;
    if (!row.staff_session) return 'other-door';
    const role = AdminRoleSchema.safeParse(row.role);
    // An unknown role is treated as the least privileged one.
    return { id: row.id, name: row.name, email: row.email, role: role.success ? role.data : 'auditor', authUserId };
  }
}
