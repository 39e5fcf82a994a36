// For the listings projection's tests: commands run as the command handler runs them, on a real event store.
import { randomUUID } from 'node:crypto';
import type { EventStore, NewEvent } from '@afterwards/event-store';
import { decideListing, foldListing, listingStreamId, type ListingCommand, type ListingEvent } from '@afterwards/directory-domain';

/** Runs commands through the decider and appends what it decides, as the command handler does. */
export async function runListingCommands(store: EventStore, listingId: string, ...commands: ListingCommand[]): Promise<void> {
  for (const command of commands) {
    const history = await store.readStream(listingStreamId(listingId));
    const state = foldListing(history.map((e) => ({ type: e.type, data: e.data }) as ListingEvent));
    const events: NewEvent[] = decideListing(command, state).map((e) => ({
      ...e,
      metadata: { eventId: randomUUID(), occurredAt: new Date().toISOString(), actor: 'test', correlationId: 'c', causationId: 'c', schemaVersion: 1 },
    }));
    await store.append(listingStreamId(listingId), events, history.length === 0 ? 'no_stream' : history.at(-1)!.revision);
  }
}

/** A listing's details with only what a submission needs, placed in Leeds. */
export const LEEDS_FUNERAL_DIRECTOR = { name: 'Hope & Sons Funeral Directors', category: 'Funeral Directors' as const, location: 'Leeds', latitude: 53.8, longitude: -1.55 };
