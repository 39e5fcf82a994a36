import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import type { PrismaClient } from '@afterwards/persistence';
import { loadGazetteer } from '@afterwards/places';
import { PRISMA, ProjectionsService, type AppConfig } from '@afterwards/server-kit';
import { ChangeListing, listingsProjection } from '@afterwards/directory-server';
import type { Position } from '@afterwards/event-store';
import { comparePositions } from '@afterwards/event-store';
import { PROMOTION_RUNTIME, termsOf, todayIn, type PromotionRuntime } from '@afterwards/promotions-server';
import { seedListingCommands, type SeedPromotion } from './seed-listings';

export interface SeedResult {
  readonly created: number;
  readonly skipped: boolean;
}

/** Loads the directory through the same commands staff would use, never by inserting rows. */
export async function seed(
  app: INestApplicationContext,
  config: AppConfig,
  options: { count: number; seed: number; ifEmpty: boolean },
): Promise<SeedResult> {
  const prisma = app.get<PrismaClient>(PRISMA);
  if (options.ifEmpty && (await prisma.listing.count()) > 0) return { created: 0, skipped: true };
  const commands = app.get(CommandBus);
  let last: Position | undefined;
  let created = 0;
  const { commands: listingCommands, promotions } = seedListingCommands(loadGazetteer(), options);
  for (const command of listingCommands) {
    try {
      const result = await commands.execute(new ChangeListing(command, { actor: 'system:seed' }));
      if (result.position && (!last || comparePositions(result.position, last) > 0)) last = result.position;
      if (command.type === 'SubmitListing') created++;
    } catch (error) {
      // Re-running the seed meets the listings it made before: leave them as they are.
      if ((error as { code?: string }).code === 'LISTING_ALREADY_EXISTS') continue;
      if ((error as { code?: string }).code === 'LISTING_INVALID_TRANSITION') continue;
      throw error;
    }
  }
  if (last && config.runProjections) await app.get(ProjectionsService).waitUntilApplied(listingsProjection.name, last);
  await seedPromotions(app, config, promotions);
  return { created, skipped: false };
}

/**
 * The sample's promoted listings buy real promotions, through the Promotion aggregate at today's prices;
 * the placement reactor then puts them first. Waits until the finder shows them promoted.
 */
async function seedPromotions(app: INestApplicationContext, config: AppConfig, promotions: readonly SeedPromotion[]): Promise<void> {
  const rt = app.get<PromotionRuntime>(PROMOTION_RUNTIME);
  const settings = await rt.settings();
  const today = todayIn(settings, rt.clock.now());
  for (const p of promotions) {
    try {
      await rt.commands.run(p.promotionId, {
        type: 'CreatePromotion',
        promotionId: p.promotionId,
        listingId: p.listingId,
        listingStatus: 'Active',
        plan: p.plan,
        terms: termsOf(settings, p.plan),
        startDate: today,
        position: p.position,
        autoRenew: p.autoRenew,
        today,
        autoStart: true,
        maxDurationDays: settings.platformConfig.maxPromotionDuration,
      }, { actor: 'system:seed' });
    } catch (error) {
      if ((error as { code?: string }).code === 'PROMOTION_ALREADY_EXISTS') continue;
      throw error;
    }
  }
  if (!config.runProjections || promotions.length === 0) return;
  const prisma = app.get<PrismaClient>(PRISMA);
  const ids = promotions.map((p) => p.listingId);
  for (const deadline = Date.now() + 60_000; ; ) {
    if ((await prisma.listing.count({ where: { id: { in: ids }, promoted: true } })) === ids.length) return;
    if (Date.now() > deadline) throw new Error('The sample promotions did not place their listings within 60 s');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
