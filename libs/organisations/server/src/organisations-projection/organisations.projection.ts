import { unhandled } from '@afterwards/contracts';
import { ORGANISATION_STREAM_PREFIX, type OrganisationEvent } from '@afterwards/organisations-domain';
import { changedRow, staffTableProjection } from '@afterwards/server-kit';
import { columnsOf } from '../organisation-rows';

/** Projects `organisation-<id>` streams into `organisations`, the table staff list and families search. */
export const organisationsProjection = staffTableProjection<OrganisationEvent>({
  name: 'organisations.organisations',
  streamPrefix: ORGANISATION_STREAM_PREFIX,
  table: 'organisations',

  async apply({ event, at, version }, tx) {
    const id = event.data.organisationId;
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
        return changedRow(await tx.organisation.updateMany({ where, data: { ...data, ...columnsOf(event.data.changes) } }), id);
      case 'OrganisationRetired':
        return changedRow(await tx.organisation.updateMany({ where, data: { ...data, status: 'Retired' } }), id);
      case 'OrganisationRestored':
        return changedRow(await tx.organisation.updateMany({ where, data: { ...data, status: 'Active' } }), id);
      default:
        return unhandled('Unhandled organisation event', event);
    }
  },

  async snapshot(prisma) {
    return prisma.organisation.findMany({ orderBy: { id: 'asc' } });
  },
});
