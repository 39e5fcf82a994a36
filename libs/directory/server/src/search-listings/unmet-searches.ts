import { Logger } from '@nestjs/common';
import { OTHER_REGION, type ListingCategory, type ResolvedPlace } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { regionOf } from '@afterwards/places/regions';
import { distanceMiles } from '@afterwards/directory-domain';
import { loadGazetteer, townLabel } from '@afterwards/places';

const logger = new Logger('finder');

/**
 * Where a search found nothing, by name: the place as the gazetteer resolved it, or for a search around
 * someone's own location the nearest town in the places data, so no one's position is kept.
 */
export function unmetPlace(place: ResolvedPlace): { name: string; latitude: number; longitude: number } {
  if (place.kind !== 'coordinates') return { name: place.label, latitude: place.latitude, longitude: place.longitude };
  let best = loadGazetteer().towns[0]!;
  let bestMiles = Infinity;
  for (const town of loadGazetteer().towns) {
    const d = distanceMiles(place.latitude, place.longitude, town.latitude, town.longitude);
    if (d < bestMiles) {
      bestMiles = d;
      best = town;
    }
  }
  return { name: townLabel(best), latitude: best.latitude, longitude: best.longitude };
}

/**
 * Counts a finder search that found nothing within its radius (coverage analytics' demand): one more for the
 * day, place and category. Nothing about the person is kept. A failure here never fails the search.
 */
export async function recordUnmetSearch(prisma: PrismaClient, place: ResolvedPlace, category: ListingCategory | undefined): Promise<void> {
  try {
    const at = unmetPlace(place);
    const region = regionOf(at.latitude, at.longitude);
    if (region === OTHER_REGION) return;
    await prisma.$executeRaw`
      INSERT INTO finder_unmet_searches AS u (day, place, category, region, latitude, longitude, searches)
      VALUES ((now() AT TIME ZONE 'Europe/London')::date, ${at.name}, ${category ?? 'all'}, ${region}, ${at.latitude}, ${at.longitude}, 1)
      ON CONFLICT (day, place, category) DO UPDATE SET searches = u.searches + 1`;
  } catch (error) {
    logger.warn({ err: error }, 'could not count a search that found nothing');
  }
}
