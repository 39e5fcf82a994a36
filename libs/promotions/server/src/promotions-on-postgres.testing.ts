// The promotions' whole read side on PostgreSQL for the tests of its reactors and timed work: listings and
// promotions projected, the placement reactor keeping the featured place, a clock the test moves and the
// Settings it changes.
import { randomUUID } from 'node:crypto';
import { DEFAULT_SETTINGS, type AdminSettings, type PromotionPlan } from '@afterwards/contracts';
import { directoryMigrations, ListingCommands, listingsProjection } from '@afterwards/directory-server';
import { eventStoreMigrations, PostgresEventStore } from '@afterwards/event-store';
import { createPrismaClient, persistenceMigrations, runMigrations, type PrismaClient } from '@afterwards/persistence';
import { createPostgresTestDatabase, type TestDatabase } from '@afterwards/persistence/testing';
import { ProjectionRunner } from '@afterwards/server-kit';
import { promotionPlacementReactor } from './placement-reactor/promotion-placement.reactor';
import { promotionsProjection } from './promotions-projection/promotions.projection';
import { promotionsMigrations } from './promotions.migrations';
import { createPromotionRuntime, termsOf, todayIn, type PromotionRuntime } from './promotion-runtime';

export interface PromotionsOnPostgres {
  readonly db: TestDatabase;
  readonly store: PostgresEventStore;
  readonly prisma: PrismaClient;
  readonly rt: PromotionRuntime;
  /** What Settings hold for these tests; change it to change prices and timing. */
  readonly settings: AdminSettings;
  /** How far the test has moved the runtime's clock ahead of real time. */
  readonly clock: { offsetMs: number };
  today(): string;
  /** A promotion of an Active business, sold as staff sell one (starting by itself, at most a year); its id. */
  promote(listingId: string, sale: { plan: PromotionPlan; position?: number; startDate?: string; autoRenew?: boolean }): Promise<string>;
  stop(): Promise<void>;
}

export async function startPromotionsOnPostgres(): Promise<PromotionsOnPostgres> {
  const db = await createPostgresTestDatabase();
  await runMigrations(db.sql, [...persistenceMigrations, ...eventStoreMigrations, ...directoryMigrations, ...promotionsMigrations]);
  const store = new PostgresEventStore(db.sql);
  const prisma = createPrismaClient(db.sql);
  const settings: AdminSettings = structuredClone(DEFAULT_SETTINGS);
  const clock = { offsetMs: 0 };
  const rt = createPromotionRuntime({ store, prisma, clock: { now: () => new Date(Date.now() + clock.offsetMs) }, settings: async () => settings });
  const runner = new ProjectionRunner(store, prisma, [listingsProjection, promotionsProjection, promotionPlacementReactor(new ListingCommands(store))]);
  await runner.start();
  const today = () => todayIn(settings, rt.clock.now());
  return {
    db,
    store,
    prisma,
    rt,
    settings,
    clock,
    today,
    async promote(listingId, { plan, position = 1, startDate = today(), autoRenew = plan === 'monthly' }) {
      const promotionId = randomUUID();
      const terms = termsOf(settings, plan);
      const command = { type: 'CreatePromotion', promotionId, listingId, listingStatus: 'Active', plan, terms, startDate, position, autoRenew, today: today(), autoStart: true, maxDurationDays: 365 } as const;
      await rt.commands.run(promotionId, command, { actor: 'admin:test' });
      return promotionId;
    },
    async stop() {
      await runner.stop();
      await store.close();
      await prisma.$disconnect();
      await db.dispose();
    },
  };
}
