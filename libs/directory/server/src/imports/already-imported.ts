import type { EventStore } from '@afterwards/event-store';

/**
 * The duplicate rule of a CSV import, one for the check made on upload and for the import itself: a row
 * names its entry (a listing by the row itself, an organisation by its name or key), and it was imported
 * before when that entry's stream exists (an earlier upload made it) or an earlier row of this file names
 * the same entry. The check counts with it
 * before staff press Import; the import skips the rows it finds and submits the rest (the store still
 * refuses a listing that a concurrent import made in between, which counts the same way).
 *
 * Rows are given in file order, batch after batch; the rows of a batch are marked as named before its
 * lookup is awaited, so batches looked up side by side still judge a repeat against the rows before it.
 */
export class AlreadyImported {
  private readonly named = new Set<string>();

  constructor(
    private readonly store: EventStore,
    private readonly streamId: (entryId: string) => string,
  ) {}

  /** For each entry id, in order: true when its row was imported before. */
  check(listingIds: readonly string[]): Promise<boolean[]> {
    const repeated = listingIds.map((id) => {
      const seen = this.named.has(id);
      this.named.add(id);
      return seen;
    });
    const asked = listingIds.filter((_, i) => !repeated[i]);
    return (async () => {
      const existing = asked.length > 0 ? await this.store.existingStreams(asked.map(this.streamId)) : new Set<string>();
      return listingIds.map((id, i) => repeated[i]! || existing.has(this.streamId(id)));
    })();
  }
}
