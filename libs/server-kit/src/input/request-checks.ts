import { Injectable, type ExecutionContext, type OnApplicationBootstrap } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import { BodyTypeCheck } from './body-type';
import { OwnOriginGuard } from './own-origin';
import { SafeTextGuard } from './safe-text';

/**
 * A context's check of who may call a route (the staff back office's StaffGuard), provided under this token
 * and run by `RequestChecks` after the platform's own input checks and before the body type.
 */
export const ACCESS_CHECK = 'afterwards:access-check';

export interface AccessCheck {
  canActivate(context: ExecutionContext): boolean | Promise<boolean>;
}

/**
 * Every check an API request goes through before its handler, in one guard and one stated order: the
 * Origin of a write (403), text the database cannot store (400), who may call (401, 403), then the body
 * type the route documents (415). One guard, not several guards and an interceptor: Nest runs a route's
 * handler without an RxJS pipeline when no interceptor applies, which is every read, and the order no
 * longer depends on which module registered its guard first.
 */
@Injectable()
export class RequestChecks implements OnApplicationBootstrap {
  private access: AccessCheck | undefined;

  constructor(
    private readonly origin: OwnOriginGuard,
    private readonly safeText: SafeTextGuard,
    private readonly bodyType: BodyTypeCheck,
    private readonly moduleRef: ModuleRef,
  ) {}

  onApplicationBootstrap(): void {
    try {
      this.access = this.moduleRef.get<AccessCheck>(ACCESS_CHECK, { strict: false });
    } catch {
      this.access = undefined; // an app without access rules of its own (tests of the platform alone)
    }
  }

  /** Synchronous unless the access check has to look something up (a staff route): most reads make no promise here. */
  canActivate(context: ExecutionContext): boolean | Promise<boolean> {
    if (context.getType() !== 'http') return true;
    this.origin.canActivate(context);
    this.safeText.canActivate(context);
    const allowed = this.access ? this.access.canActivate(context) : true;
    const then = (ok: boolean) => {
      if (!ok) return false;
      this.bodyType.check(context);
      return true;
    };
    return typeof allowed === 'boolean' ? then(allowed) : allowed.then(then);
  }
}
