import { RealtimeTopics, unhandled } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { changedRow, PerTransaction, projectedEvent, type Projection, type ProjectionTx } from '@afterwards/server-kit';
import { LISTING_STREAM_PREFIX, type ListingEvent } from '@afterwards/directory-domain';
import { columnOf, fieldOf, LISTING_COLUMNS, type FieldOf, type ListingColumn } from './listing-row';

type ListingSubmitted = Extract<ListingEvent, { type: 'ListingSubmitted' }>;
import { regionOf } from '@afterwards/places/regions';

/** A `listings` row as a submission makes it, in the columns' own names, for one multi-row insert (as JSON). */
type SubmittedRow = Record<ListingColumn, unknown> & { latitude: number | null; longitude: number | null; version: string };

/** The columns the projection fills itself; every other column takes the submission's field of the same name. */
const PROJECTION_OWNED = ['id', 'promoted', 'position', 'rejection_reason', 'suspension_reason', 'region', 'version', 'created_at', 'updated_at'] as const;
const FROM_SUBMISSION = (Object.keys(LISTING_COLUMNS) as ListingColumn[]).filter((c) => !(PROJECTION_OWNED as readonly string[]).includes(c)) as Exclude<
  ListingColumn,
  (typeof PROJECTION_OWNED)[number]
>[];
// A column the submission does not carry (and the projection does not fill) does not compile.
const submissionCarriesEveryColumn: FieldOf<(typeof FROM_SUBMISSION)[number]> extends keyof ListingSubmitted['data'] ? true : never = true;
void submissionCarriesEveryColumn;

/** The submission's field of each column, or null (`originalFilename` is absent on listings added by hand). */
function submittedRow(d: ListingSubmitted['data'], version: string, at: string): SubmittedRow {
  const fields = Object.fromEntries(FROM_SUBMISSION.map((column) => [column, d[fieldOf(column)] ?? null]));
  return {
    ...(fields as Record<(typeof FROM_SUBMISSION)[number], unknown>),
    id: d.listingId,
    latitude: d.latitude,
    longitude: d.longitude,
    promoted: false,
    position: null,
    rejection_reason: null,
    suspension_reason: null,
    region: regionOf(d.latitude, d.longitude),
    version,
    created_at: at,
    // The time of the last event folded into the row (the submission's alone for a plain one).
    updated_at: at,
  };
}

/** Submissions of the batch being applied, by listing id (a replayed one replaces the earlier, as an upsert would). */
const submitted = new PerTransaction<Map<string, SubmittedRow>>(() => new Map());

/** A replayed submission leaves a reason given since alone; every other column takes the submission's value. */
const KEPT_WHEN_NULL = new Set<string>(['rejection_reason', 'suspension_reason']);
const COLUMNS = Object.keys(LISTING_COLUMNS) as ListingColumn[];
const UPSERT_SUBMITTED = `
  INSERT INTO listings (${COLUMNS.join(', ')})
  SELECT ${COLUMNS.map((c) => `r.${c}`).join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS r(${COLUMNS.map((c) => `${c} ${LISTING_COLUMNS[c]}`).join(', ')})
  ON CONFLICT (id) DO UPDATE SET ${COLUMNS.filter((c) => c !== 'id')
    .map((c) => (KEPT_WHEN_NULL.has(c) ? `${c} = coalesce(excluded.${c}, listings.${c})` : `${c} = excluded.${c}`))
    .join(', ')}`;

/**
 * Writes the collected submissions in one statement: an import submits thousands of listings at once,
 * and one upsert each was most of the projection's time. Same effect as the upsert per event it
 * replaces: a new row, or (a replay) the submitted fields again, the reasons and promotion left alone.
 */
async function writeSubmitted(tx: ProjectionTx): Promise<void> {
  const rows = submitted.take(tx);
  if (!rows || rows.size === 0) return;
  await tx.$executeRawUnsafe(UPSERT_SUBMITTED, JSON.stringify([...rows.values()]));
}

/** An edit waiting to be written with the others of its batch. */
interface PendingEdit {
  id: string;
  version: string;
  at: string;
  changes: Record<string, unknown>;
}

/** Edited fields written by the batched statement: text columns, and the two of other types. */
const EDITED_TEXT = { name: 'name', category: 'category', location: 'location', address: 'address', phone: 'phone', email: 'email', website: 'website', description: 'description', pricing: 'pricing' } as const;
const BATCHED_EDIT_FIELDS = new Set<string>([...Object.keys(EDITED_TEXT), 'serviceRadiusMiles', 'servesSurroundingAreas']);

/** Edits of the batch being applied, in log order. */
const edited = new PerTransaction<PendingEdit[]>(() => []);

/**
 * Writes the collected edits in one statement, with the effect of one guarded update per event in log
 * order: per listing, the changes of the events newer than the row (`version`, so a replay changes
 * nothing) merged with the later event winning each field, and the version and time of the last. A
 * live projection under a steady stream of edits spent most of its time on one update per event.
 */
async function writeEdited(tx: ProjectionTx): Promise<void> {
  const edits = edited.take(tx);
  if (!edits || edits.length === 0) return;
  const text = (field: string, column: string) => `${column} = CASE WHEN m.changes ? '${field}' THEN m.changes->>'${field}' ELSE l.${column} END`;
  await tx.$executeRawUnsafe(
    `WITH e AS (SELECT * FROM jsonb_to_recordset($1::jsonb) AS e(id uuid, version bigint, at timestamptz, changes jsonb)),
     m AS (
       SELECT e.id, max(e.version) AS version, (array_agg(e.at ORDER BY e.version DESC))[1] AS at,
         coalesce(jsonb_object_agg(c.key, c.value ORDER BY e.version) FILTER (WHERE c.key IS NOT NULL), '{}'::jsonb) AS changes
       FROM e JOIN listings l ON l.id = e.id AND e.version > l.version
         LEFT JOIN LATERAL jsonb_each(e.changes) AS c(key, value) ON true
       GROUP BY e.id
     )
     UPDATE listings l SET ${Object.entries(EDITED_TEXT)
       .map(([field, column]) => text(field, column))
       .join(', ')},
       service_radius_miles = CASE WHEN m.changes ? 'serviceRadiusMiles' THEN (m.changes->>'serviceRadiusMiles')::int ELSE l.service_radius_miles END,
       serves_surrounding_areas = CASE WHEN m.changes ? 'servesSurroundingAreas' THEN (m.changes->>'servesSurroundingAreas')::boolean ELSE l.serves_surrounding_areas END,
       version = m.version, updated_at = m.at
     FROM m WHERE l.id = m.id AND l.version < m.version`,
    JSON.stringify(edits),
  );
}

/** Writes what the batch collected so far, in log order (at most one kind is ever waiting). */
async function writeCollected(tx: ProjectionTx): Promise<void> {
  await writeEdited(tx);
  await writeSubmitted(tx);
}

/** Projects listing streams into the `listings` table the finder and staff screens read. */
export const listingsProjection: Projection = {
  name: 'directory.listings',
  streamPrefixes: [LISTING_STREAM_PREFIX],
  topic: RealtimeTopics.directoryListings,
  notifyStaff: true,

  async apply(recorded: RecordedEvent, tx: ProjectionTx): Promise<string[]> {
    const { event, at, version } = projectedEvent<ListingEvent>(recorded);
    const id = event.data.listingId;
    // A later event of a listing submitted in this batch and not yet written changes the row waiting to be
    // written, as the guarded update would once it was: a listing's whole life in a batch is one row of
    // one insert (a rebuild, an import followed by approvals), not a statement per event.
    if (event.type !== 'ListingSubmitted' && event.type !== 'ListingDeleted') {
      const pending = submitted.get(tx).get(id);
      if (pending && BigInt(pending.version) < version) {
        foldIntoSubmitted(pending, event, String(version), at.toISOString());
        return [id];
      }
    }
    // A batch collects a run of submissions or a run of plain edits; any other event writes them first, in order.
    if (event.type === 'ListingSubmitted') await writeEdited(tx);
    else await writeSubmitted(tx);
    if (event.type === 'ListingEdited' && Object.keys(event.data.changes).every((field) => BATCHED_EDIT_FIELDS.has(field))) {
      // Written with the batch's other edits (a replayed event, older than its row, changes nothing there).
      edited.get(tx).push({ id, version: String(version), at: at.toISOString(), changes: event.data.changes });
      return [id];
    }
    await writeEdited(tx);
    switch (event.type) {
      case 'ListingSubmitted': {
        submitted.get(tx).set(id, submittedRow(event.data, String(version), at.toISOString()));
        return [id];
      }
      case 'ListingDeleted':
        await tx.listing.deleteMany({ where: { id } });
        return [id];
      default: {
        // Idempotent: a replayed event whose revision the row already has matches no row.
        const region = event.type === 'ListingEdited' ? await regionAfterEdit(tx, id, event.data.changes) : undefined;
        const result = await tx.listing.updateMany({
          where: { id, version: { lt: version } },
          data: { ...changesFor(event), ...(region === undefined ? {} : { region }), version, updatedAt: at },
        });
        return changedRow(result, id);
      }
    }
  },

  afterBatch: writeCollected,

  // The status counts are kept by triggers on the live table; a rebuild counts them once at the end instead.
  // The finder's and staff list's indexes are for reading: a rebuild's copy goes without them.
  tables: [{ name: 'listings', uniqueIndexesOnly: true }, { name: 'listing_status_counts', where: 'listings <> 0 OR promoted <> 0', derived: true }],

  async derive(tx: ProjectionTx): Promise<void> {
    await tx.$executeRaw`DELETE FROM listing_status_counts`;
    await tx.$executeRaw`INSERT INTO listing_status_counts (status, listings, promoted)
      SELECT status, count(*), count(*) FILTER (WHERE promoted) FROM listings GROUP BY status`;
  },

  async snapshot(prisma: PrismaClient): Promise<unknown[]> {
    const rows = await prisma.listing.findMany({ orderBy: { id: 'asc' } });
    return rows.map((r) => ({ ...r, rating: r.rating?.toString() ?? null }));
  },
};

/** `event` applied to a row not yet written: the same changes `changesFor` (and the region) make to a stored one. */
function foldIntoSubmitted(row: SubmittedRow, event: Exclude<ListingEvent, { type: 'ListingSubmitted' | 'ListingDeleted' }>, version: string, at: string): void {
  const changes: Record<string, unknown> = changesFor(event);
  for (const [field, value] of Object.entries(changes)) {
    const column = columnOf(field);
    if (!(column in LISTING_COLUMNS)) throw new Error(`Listing field ${field} has no column in a submitted row`);
    (row as Record<string, unknown>)[column] = value ?? null;
  }
  if (event.type === 'ListingEdited' && (changes.latitude !== undefined || changes.longitude !== undefined)) row.region = regionOf(row.latitude, row.longitude);
  row.version = version;
  row.updated_at = at;
}

/** An edit that moves the listing places it again (coverage region from the new point); undefined if it did not move. */
async function regionAfterEdit(tx: ProjectionTx, id: string, changes: { latitude?: number | null; longitude?: number | null }): Promise<string | undefined> {
  if (changes.latitude === undefined && changes.longitude === undefined) return undefined;
  const row = changes.latitude === undefined || changes.longitude === undefined ? await tx.listing.findUnique({ where: { id }, select: { latitude: true, longitude: true } }) : null;
  return regionOf(changes.latitude !== undefined ? changes.latitude : (row?.latitude ?? null), changes.longitude !== undefined ? changes.longitude : (row?.longitude ?? null));
}

function changesFor(event: Exclude<ListingEvent, { type: 'ListingSubmitted' | 'ListingDeleted' }>) {
  switch (event.type) {
    case 'ListingEdited':
      return { ...event.data.changes };
    case 'ListingApproved':
      return { status: 'Active' };
    case 'ListingRejected':
      return { status: 'Inactive', rejectionReason: event.data.reason, promoted: false, position: null };
    case 'ListingSuspended':
      return { status: 'Suspended', suspensionReason: event.data.reason, promoted: false, position: null };
    case 'ListingStatusChanged':
      return event.data.to === 'Active'
        ? { status: event.data.to }
        : { status: event.data.to, promoted: false, position: null };
    case 'ListingPromoted':
      return { promoted: true, position: event.data.position };
    case 'ListingPromotionRemoved':
      return { promoted: false, position: null };
    default:
      return unhandled('Unhandled listing event', event);
  }
}
