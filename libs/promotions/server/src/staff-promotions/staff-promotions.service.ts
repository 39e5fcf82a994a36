import { Inject, Injectable } from '@nestjs/common';
import { PROMOTION_MESSAGES, PromotionActionRequestSchema, type AdminPromotion, type AdminSettings } from '@afterwards/contracts';
import { AuditTrail, changedValues, staffContext } from '@afterwards/identity-server';
import type { PrismaClient } from '@afterwards/persistence';
import type { PromotionCommand, PromotionState } from '@afterwards/promotions-domain';
import { PRISMA, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { findStaffPromotion } from '../list-promotions/list-promotions.handler';
import { todayIn, type PromotionRuntime } from '../promotion-runtime';
import { PROMOTION_RUNTIME } from '../tokens';

/** The audit log's record type for promotions (the read model's table). */
export const PROMOTIONS_TABLE = 'promotions';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Columns that move without anyone changing the promotion (figures, days left, version). */
const NOISE = new Set<keyof AdminPromotion>(['version', 'daysRemaining', 'views', 'clicks', 'conversions', 'clickThroughRate', 'conversionRate']);

/**
 * What every staff promotion route does: decide as the signed-in staff member (actor, request and
 * address in the event metadata), on the version they saw; wait until the read model shows it; audit
 * the change with its old and new values.
 */
@Injectable()
export class StaffPromotions {
  constructor(
    @Inject(PROMOTION_RUNTIME) private readonly rt: PromotionRuntime,
    private readonly audit: AuditTrail,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
  ) {}

  static idOf(id: string): string {
    if (!UUID.test(id)) throw new ProblemError(404, 'PROMOTION_NOT_FOUND', PROMOTION_MESSAGES.notFound(id));
    return id.toLowerCase();
  }

  /** The version the staff member saw, from a renew, cancel or start request's body. */
  static versionOf(body: unknown): bigint {
    return BigInt(PromotionActionRequestSchema.parse(body ?? {}).expectedVersion);
  }

  settings(): Promise<AdminSettings> {
    return this.rt.settings();
  }

  async today(): Promise<string> {
    return todayIn(await this.rt.settings(), this.rt.clock.now());
  }

  now(): Date {
    return this.rt.clock.now();
  }

  async read(id: string): Promise<AdminPromotion> {
    const found = await findStaffPromotion(this.prisma, StaffPromotions.idOf(id), await this.today());
    if (!found) throw new ProblemError(404, 'PROMOTION_NOT_FOUND', PROMOTION_MESSAGES.notFound(id));
    return found;
  }

  /** Runs one command on one promotion and answers the promotion as it now is. */
  async change(
    req: HttpRequest,
    promotionId: string,
    action: string,
    command: PromotionCommand | ((state: PromotionState) => PromotionCommand),
    expectedRevision?: bigint,
  ): Promise<AdminPromotion> {
    const today = await this.today();
    const { after } = await this.rt.commands.change(promotionId, [command], staffContext(req), {
      expectedRevision,
      read: () => findStaffPromotion(this.prisma, promotionId, today),
      audit: ({ before, after }) => this.audit.record(req, { action, tableName: PROMOTIONS_TABLE, recordId: promotionId, ...changedValues(before, after, NOISE) }),
    });
    if (!after) throw new ProblemError(404, 'PROMOTION_NOT_FOUND', PROMOTION_MESSAGES.notFound(promotionId));
    return after;
  }
}
