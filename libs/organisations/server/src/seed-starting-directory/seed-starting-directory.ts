import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { OrganisationRequest } from '@afterwards/contracts';
import { StreamConflictError, type EventStore } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA } from '@afterwards/server-kit';
import { runOrganisationCommand, SYSTEM_ACTOR } from '../organisation-commands';

/** An entry of the starting set: its key is its directory id ('dvla', 'nationwide'). */
export type StartingEntry = OrganisationRequest & { key: string };
/** The starting set the product ships (STARTING_DIRECTORY; tests give their own). */
export const STARTING_SET = Symbol('STARTING_SET');

/**
 * Adds each entry of the starting set whose stream does not exist yet, as `OrganisationAdded` by the
 * system. Entries staff already changed or retired are left as they are: the stream exists. Appends are
 * `no_stream`, so two replicas starting together add each entry once. Returns the keys it added.
 */
export async function seedStartingDirectory(store: EventStore, prisma: PrismaClient, entries: readonly StartingEntry[]): Promise<string[]> {
  const present = new Set((await prisma.organisation.findMany({ where: { id: { in: entries.map((e) => e.key) } }, select: { id: true } })).map((r) => r.id));
  const added: string[] = [];
  for (const { key, ...details } of entries) {
    if (present.has(key)) continue;
    try {
      await runOrganisationCommand(store, key, { type: 'AddOrganisation', organisationId: key, details, seeded: true }, { actor: SYSTEM_ACTOR }, { newStream: true });
      added.push(key);
    } catch (error) {
      // Already there (the read model had not caught up, or another replica added it first).
      if (!(error instanceof StreamConflictError)) throw error;
    }
  }
  return added;
}

/** Seeds the starting set when the API starts (decision 0058: not a migration, which has no event store). */
@Injectable()
export class SeedStartingDirectory implements OnApplicationBootstrap {
  private readonly logger = new Logger('organisations');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    @Inject(STARTING_SET) private readonly entries: readonly StartingEntry[],
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const added = await seedStartingDirectory(this.store, this.prisma, this.entries);
    if (added.length) this.logger.log({ added: added.length }, 'organisation directory: starting entries added');
  }
}
