import type { INestApplicationContext } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { LISTING_STATUSES, type ListingStatus } from '@afterwards/contracts';
import type { ListingCommand } from '@afterwards/directory-domain';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProjectionsService, type AppConfig } from '@afterwards/server-kit';
import { ChangeListing, listingsProjection } from '@afterwards/directory-server';

// No promote/unpromote: a featured place comes only with a promotion (decision 0048).
export const LISTING_USAGE = `listing list [--status Active] [--limit 20]
listing approve|delete <id>
listing reject|suspend <id> --reason "..."
listing status <id> --to "Pending Review|Active|Inactive|Suspended"
listing edit <id> [--name ..] [--pricing ..] [--description ..] [--phone ..] [--location ..] [--radius N]`;

/** Operator commands on one listing, through the same command handler staff screens will use. */
export async function listingCommand(
  app: INestApplicationContext,
  config: AppConfig,
  [action, id]: string[],
  flags: Record<string, string>,
): Promise<string> {
  if (action === 'list') {
    const rows = await app.get<PrismaClient>(PRISMA).listing.findMany({
      where: flags.status ? { status: flags.status } : {},
      orderBy: { name: 'asc' },
      take: Number(flags.limit ?? 20),
      select: { id: true, name: true, status: true, location: true, promoted: true },
    });
    return rows.map((r) => `${r.id}  ${r.status.padEnd(14)} ${r.promoted ? '★' : ' '} ${r.name} (${r.location})`).join('\n');
  }
  if (!id) throw new Error(`Usage:\n${LISTING_USAGE}`);
  const listingId = id;
  const commands: Record<string, () => ListingCommand> = {
    approve: () => ({ type: 'ApproveListing', listingId }),
    delete: () => ({ type: 'DeleteListing', listingId }),
    reject: () => ({ type: 'RejectListing', listingId, reason: flags.reason ?? '' }),
    suspend: () => ({ type: 'SuspendListing', listingId, reason: flags.reason ?? '' }),
    status: () => {
      if (!LISTING_STATUSES.includes(flags.to as ListingStatus)) throw new Error(`--to must be one of ${LISTING_STATUSES.join(', ')}`);
      return { type: 'ChangeListingStatus', listingId, status: flags.to as ListingStatus };
    },
    edit: () => ({
      type: 'EditListing',
      listingId,
      changes: {
        ...(flags.name !== undefined ? { name: flags.name } : {}),
        ...(flags.pricing !== undefined ? { pricing: flags.pricing } : {}),
        ...(flags.description !== undefined ? { description: flags.description } : {}),
        ...(flags.phone !== undefined ? { phone: flags.phone } : {}),
        ...(flags.location !== undefined ? { location: flags.location } : {}),
        ...(flags.radius !== undefined ? { serviceRadiusMiles: Number(flags.radius) } : {}),
      },
    }),
  };
  const make = action ? commands[action] : undefined;
  if (!make) throw new Error(`Usage:\n${LISTING_USAGE}`);
  const result = await app.get(CommandBus).execute(new ChangeListing(make(), { actor: 'system:operator' }));
  if (result.position && config.runProjections) {
    await app.get(ProjectionsService).waitUntilApplied(listingsProjection.name, result.position);
  }
  return result.eventTypes.length > 0
    ? `${result.eventTypes.join(', ')} (listing ${listingId}, revision ${result.revision})`
    : 'Nothing to change.';
}
