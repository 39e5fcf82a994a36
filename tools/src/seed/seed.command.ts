import { CommandBus } from '@nestjs/cqrs';
import type { INestApplicationContext } from '@nestjs/common';
import type { PrismaClient } from '@afterwards/persistence';
import { loadGazetteer } from '@afterwards/places';
import { PRISMA, ProjectionsService, type AppConfig } from '@afterwards/server-kit';
import { ChangeListing, listingsProjection } from '@afterwards/directory-server';
import type { Position } from '@afterwards/event-store';
import { comparePositions } from '@afterwards/event-store';
import { seedListingCommands } from './seed-listings';

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
  for (const command of seedListingCommands(loadGazetteer(), options)) {
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
  return { created, skipped: false };
}
