// The staff promotion routes' tests: the promotions' command side on a fresh database, wired as the product
// wires it (createPromotionRuntime), with a business to promote and the Settings the routes price from.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, type AdminPromotion, type AdminSettings, type PromotionPlan } from '@afterwards/contracts';
import { directoryMigrations, ListingCommands, listingsProjection } from '@afterwards/directory-server';
import { AuditTrail } from '@afterwards/identity-server';
import { sideForFile, startCommandSide, type CommandSide } from '@afterwards/testing/command-side';
import { createPromotionRuntime, todayIn, type PromotionRuntime } from '../promotion-runtime';
import { promotionsMigrations } from '../promotions.migrations';
import { promotionsProjection } from '../promotions-projection/promotions.projection';
import { CreatePromotionController } from '../create-promotion/create-promotion.http.controller';
import { StaffPromotions } from './staff-promotions.service';

export interface StaffPromotionsSide extends CommandSide {
  readonly rt: PromotionRuntime;
  readonly promotions: StaffPromotions;
  /** What Settings hold for these tests; change it to change the routes' prices and timing. */
  readonly settings: AdminSettings;
  today(): string;
  /** An Active business, sold a promotion from today through the Create route. */
  promoted(plan?: PromotionPlan, over?: { startDate?: string }): Promise<AdminPromotion>;
}

export async function startStaffPromotions(): Promise<StaffPromotionsSide> {
  const side = await startCommandSide({ migrations: [...directoryMigrations, ...promotionsMigrations], projections: [listingsProjection, promotionsProjection] });
  const settings: AdminSettings = structuredClone(DEFAULT_SETTINGS);
  const rt = createPromotionRuntime({ store: side.store, prisma: side.prisma, clock: { now: () => new Date() }, settings: async () => settings }, (position) =>
    side.projections.waitUntilApplied(promotionsProjection.name, position),
  );
  const promotions = new StaffPromotions(rt, new AuditTrail(side.db.sql), side.prisma);
  const listings = new ListingCommands(side.store, side.projections);
  const create = new CreatePromotionController(promotions, side.prisma);
  const today = () => todayIn(settings, rt.clock.now());
  let n = 0;
  return {
    ...side,
    rt,
    promotions,
    settings,
    today,
    async promoted(plan = 'monthly', over = {}) {
      const listingId = randomUUID();
      const details = { name: `Promoted Funerals ${++n}`, category: 'Funeral Directors' as const, location: 'Leeds' };
      await listings.change(listingId, [{ type: 'SubmitListing', listingId, status: 'Active', details }], { actor: 'admin:test' });
      return create.create(side.staff, { listingId, plan, startDate: over.startDate ?? today(), position: 1, autoRenew: plan === 'monthly' });
    },
  };
}

/** One command side for a whole test file (started before its tests, stopped after): `const side = staffPromotionsSuite();`. */
export const staffPromotionsSuite = (): (() => StaffPromotionsSide) => sideForFile(startStaffPromotions);
