import type { AdminRole } from '@afterwards/contracts';
import { headerOf, ProblemError, requestIdsOf, type CommandContext, type HttpRequest } from '@afterwards/server-kit';
import { clientIp } from '../../session/current-user';

/** The staff member behind a request, as the StaffGuard found them. */
export interface StaffMember {
  readonly id: string;
  readonly name: string;
  readonly email: string;
  readonly role: AdminRole;
  readonly authUserId: string;
}

export const STAFF_KEY = Symbol('afterwards.staff');

/** The staff member of a guarded request (every `/api/admin/*` route but sign-in and first set-up). */
export function staffOf(req: HttpRequest): StaffMember {
  const staff = (req as HttpRequest & { [STAFF_KEY]?: StaffMember })[STAFF_KEY];
  // Only reachable if a route outside /api/admin/ asked: a programming error, never a user's.
  if (!staff) throw new ProblemError(401, 'NOT_SIGNED_IN', 'You are not signed in.');
  return staff;
}

/** How events record a staff member as their actor. */
export const staffActor = (staff: Pick<StaffMember, 'id'>): string => `admin:${staff.id}`;

/** Metadata of every event a staff request causes: who, which request, from where. */
export function staffContext(req: HttpRequest, staff: StaffMember = staffOf(req)): CommandContext {
  const ids = requestIdsOf(req);
  const requestId = ids?.requestId;
  const correlationId = ids?.correlationId;
  const userAgent = headerOf(req, 'user-agent');
  return {
    actor: staffActor(staff),
    ...(correlationId ? { correlationId } : {}),
    ...(requestId ? { requestId } : {}),
    ip: clientIp(req),
    ...(userAgent ? { userAgent } : {}),
  };
}
