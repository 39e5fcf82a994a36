import type { RecordedEvent } from '@afterwards/event-store';
import { ORGANISATION_STREAM_PREFIX, type OrganisationEvent } from '@afterwards/organisations-domain';
import type { PrismaClient } from '@afterwards/persistence';
import type { Projection, ProjectionTx } from '@afterwards/server-kit';
import { columnsOf } from '../organisation-rows';

/** Projects `organisation-<id>` streams into `organisations`, the table staff list and families search. */
export const organisationsProjection: Projection = {
  name: 'organisations.organisations',
  streamPrefixes: [ORGANISATION_STREAM_PREFIX],
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const event = { type: recorded.type, data: recorded.data } as OrganisationEvent;
    const id = event.data.organisationId;
    const at = new Date(recorded.metadata.occurredAt);
    const version = recorded.revision;
    if (event.type === 'OrganisationAdded') {
      const row = { ...columnsOf(event.data.details), status: 'Active', seeded: event.data.seeded, version, createdAt: at, updatedAt: at };
      await tx.organisation.upsert({ where: { id }, create: { id, ...row }, update: row });
      return [id];
    }
    // Idempotent: a replayed event whose revision the row already has matches no row.
    const where = { id, version: { lt: version } };
    const data = { version, updatedAt: at };
    switch (event.type) {
      case 'OrganisationChanged':
        return changed(await tx.organisation.updateMany({ where, data: { ...data, ...columnsOf(event.data.changes) } }), id);
      case 'OrganisationRetired':
        return changed(await tx.organisation.updateMany({ where, data: { ...data, status: 'Retired' } }), id);
      case 'OrganisationRestored':
        return changed(await tx.organisation.updateMany({ where, data: { ...data, status: 'Active' } }), id);
      default: {
        const unreachable: never = event;
        throw new Error(`Unhandled organisation event ${(unreachable as { type: string }).type}`);
      }
    }
  },

  tables: [{ name: 'organisations' }],

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    return prisma.organisation.findMany({ orderBy: { id: 'asc' } });
  },
};

function changed(result: { count: number }, id: string): string[] {
  return result.count > 0 ? [id] : [];
}
