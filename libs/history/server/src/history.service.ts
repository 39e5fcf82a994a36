import { Inject, Injectable } from '@nestjs/common';
import {
  HISTORY_PAGE_SIZE,
  HISTORY_STREAM_LIMIT,
  type CorrelationResponse,
  type GlobalLogQuery,
  type GlobalLogResponse,
  type HistoryActor,
  type HistoryEvent,
  type HistoryFilters,
  type StreamHistory,
  type StreamKind,
  type StreamSearchResponse,
  type StreamState,
  type StreamSummary,
} from '@afterwards/contracts';
import { toRecorded, type EventRow as StoredEventRow, type EventStore, type RecordedEvent } from '@afterwards/event-store';
import type { SqlClient } from '@afterwards/persistence';
import { EVENT_STORE, ProblemError, SQL_CLIENT } from '@afterwards/server-kit';
import { MEMORY_ORGANISATIONS_STREAM_PREFIX } from '@afterwards/organisations-domain';
import { kindOf, REPLAYERS } from './aggregates';
import { diffStates, withoutValues } from './diff';
import { StateSnapshots } from './state-snapshots';

export const streamNotFound = (): ProblemError => new ProblemError(404, 'STREAM_NOT_FOUND', 'There is no history for this record.');

interface EventRow extends StoredEventRow {
  cursor?: string;
}

const EVENT_COLUMNS = `e.tx_id::text AS commit, e.seq::text AS prepare, e.stream_id, e.revision::text AS revision, e.type, e.data, e.metadata, e.recorded_at`;


/**
 * Memory streams are a family's, and so is a memory's list of organisations (never replayed here; its values
 * are sealed anyway): no values leave the server, only types, versions, times and field names.
 */
export const isPrivate = (streamId: string): boolean => kindOf(streamId) === 'case' || streamId.startsWith(MEMORY_ORGANISATIONS_STREAM_PREFIX);

/**
 * Reads the event log for reviewers. Streams come through the event store port; the global log, the
 * correlation view and the search read the Postgres event store's tables (the history screen needs the
 * Postgres event store, which is the default; KurrentDB has its own UI for the same questions).
 */
@Injectable()
export class HistoryService {
  /** Replayed states of long streams, so a version deep in one is not a replay from the start. */
  private readonly snapshots = new StateSnapshots();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
  ) {}

  async search(q: string): Promise<StreamSearchResponse> {
    const streams: StreamSummary[] = [];
    const exact = /^(listing|promotion|settings|case|organisation)-[A-Za-z0-9_-]+$/.test(q) ? q : null;
    if (exact) {
      const { rows } = await this.sql.query<{ stream_id: string }>(`SELECT stream_id FROM streams WHERE stream_id = $1`, [exact]);
      if (rows[0]) streams.push(await this.summary(exact));
    }
    if (!exact && q.length > 0) {
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const listings = await this.sql.query<{ id: string; name: string; status: string }>(
        `SELECT id::text AS id, name, status FROM listings WHERE name ILIKE $1 ORDER BY name, id LIMIT 10`,
        [like],
      );
      for (const l of listings.rows) streams.push({ streamId: `listing-${l.id}`, kind: 'listing', title: l.name, subtitle: `Listing · ${l.status}` });
      const promotions = await this.sql.query<{ id: string; name: string; status: string; plan: string }>(
        `SELECT p.id::text AS id, l.name, p.status, p.promotion_type AS plan FROM promotions p JOIN listings l ON l.id = p.listing_id
         WHERE l.name ILIKE $1 ORDER BY p.created_at DESC LIMIT 10`,
        [like],
      );
      for (const p of promotions.rows) streams.push({ streamId: `promotion-${p.id}`, kind: 'promotion', title: p.name, subtitle: `Promotion · ${p.plan} · ${p.status}` });
      const organisations = await this.sql.query<{ id: string; name: string; status: string }>(`SELECT id, name, status FROM organisations WHERE name ILIKE $1 ORDER BY name, id LIMIT 10`, [like]);
      for (const o of organisations.rows) streams.push({ streamId: `organisation-${o.id}`, kind: 'organisation', title: o.name, subtitle: `Organisation · ${o.status}` });
    }
    if (!exact && (q === '' || 'platform settings'.includes(q.toLowerCase()))) {
      const { rows } = await this.sql.query<{ stream_id: string }>(`SELECT stream_id FROM streams WHERE stream_id LIKE 'settings-%' ORDER BY stream_id`);
      for (const r of rows) streams.push(await this.summary(r.stream_id));
    }
    return { streams };
  }

  private async summary(streamId: string): Promise<StreamSummary> {
    const kind = kindOf(streamId)!;
    const id = streamId.slice(kind.length + 1);
    if (kind === 'listing') {
      const { rows } = await this.sql.query<{ name: string; status: string }>(`SELECT name, status FROM listings WHERE id::text = $1`, [id]);
      return { streamId, kind, title: rows[0]?.name ?? 'Listing', subtitle: rows[0] ? `Listing · ${rows[0].status}` : 'Listing' };
    }
    if (kind === 'promotion') {
      const { rows } = await this.sql.query<{ name: string; status: string; plan: string }>(
        `SELECT l.name, p.status, p.promotion_type AS plan FROM promotions p JOIN listings l ON l.id = p.listing_id WHERE p.id::text = $1`,
        [id],
      );
      return { streamId, kind, title: rows[0]?.name ?? 'Promotion', subtitle: rows[0] ? `Promotion · ${rows[0].plan} · ${rows[0].status}` : 'Promotion' };
    }
    if (kind === 'organisation') {
      const { rows } = await this.sql.query<{ name: string; status: string }>(`SELECT name, status FROM organisations WHERE id = $1`, [id]);
      return { streamId, kind, title: rows[0]?.name ?? 'Organisation', subtitle: rows[0] ? `Organisation · ${rows[0].status}` : 'Organisation' };
    }
    if (kind === 'settings') return { streamId, kind, title: 'Platform settings', subtitle: 'Settings' };
    // Never the name of the person who died: a memory is known here by its id alone.
    return { streamId, kind, title: 'Memory', subtitle: id };
  }

  async stream(streamId: string): Promise<StreamHistory> {
    const kind = kindOf(streamId);
    if (!kind) throw streamNotFound();
    const events = await this.store.readStream(streamId);
    if (events.length === 0) throw streamNotFound();
    const shown = events.slice(-HISTORY_STREAM_LIMIT);
    const redacted = isPrivate(streamId);
    return {
      ...(await this.summary(streamId)),
      events: await this.present(shown),
      total: events.length,
      redacted,
      erased: events[0]!.revision > 0n,
    };
  }

  async stateAt(streamId: string, version: number): Promise<StreamState> {
    const kind = kindOf(streamId);
    if (!kind) throw streamNotFound();
    const { initial, evolve } = REPLAYERS[kind];
    // Start from the nearest kept state below the previous version (both are needed for the diff), if the
    // stream still holds the event it was taken after; otherwise replay from the start.
    let base = this.snapshots.nearest(streamId, version - 1);
    let events: RecordedEvent[] = [];
    if (base) {
      const read = await this.store.readStream(streamId, { fromRevision: BigInt(base.version - 1), maxCount: version - base.version + 1 });
      const anchor = read[0];
      if (anchor && anchor.revision === BigInt(base.version - 1) && StateSnapshots.matches(base, anchor.position)) events = read.slice(1);
      else {
        this.snapshots.forget(streamId);
        base = undefined;
      }
    }
    if (!base) events = (await this.store.readStream(streamId, { maxCount: version })).filter((e) => e.revision < BigInt(version));
    const target = events[events.length - 1];
    if (!target || target.revision !== BigInt(version - 1)) throw new ProblemError(404, 'VERSION_NOT_FOUND', `This record has no version ${version}.`);
    let state = base ? base.state : initial;
    let previous = state;
    for (const event of events) {
      previous = state;
      state = evolve(state, event);
      const reached = Number(event.revision) + 1;
      if (this.snapshots.wants(reached)) this.snapshots.remember(streamId, { version: reached, state, position: event.position });
    }
    const changes = diffStates(previous, state);
    const redacted = isPrivate(streamId);
    return { streamId, version, type: target.type, state: redacted ? null : state, changes: redacted ? withoutValues(changes) : changes, redacted };
  }

  async correlation(correlationId: string): Promise<CorrelationResponse> {
    const { rows } = await this.sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS} FROM events e WHERE e.metadata->>'correlationId' = $1 ORDER BY e.tx_id, e.seq LIMIT 1000`,
      [correlationId],
    );
    return { correlationId, events: await this.present(rows.map(toRecorded)) };
  }

  async globalLog(q: GlobalLogQuery): Promise<GlobalLogResponse> {
    const where: string[] = [];
    const params: unknown[] = [];
    const add = (clause: string, ...values: unknown[]) => {
      let text = clause;
      for (const value of values) {
        params.push(value);
        text = text.replace('?', `$${params.length}`);
      }
      where.push(text);
    };
    if (q.type) add('e.type = ?', q.type);
    if (q.actor === 'system') where.push(`(e.metadata->>'actor' = 'system' OR e.metadata->>'actor' LIKE 'system:%')`);
    else if (q.actor === 'family') where.push(`NOT (e.metadata->>'actor' LIKE 'admin:%' OR e.metadata->>'actor' = 'system' OR e.metadata->>'actor' LIKE 'system:%')`);
    else if (q.actor) add(`e.metadata->>'actor' = ?`, q.actor);
    if (q.from) add('e.recorded_at >= ?::timestamptz', q.from);
    if (q.to) add('e.recorded_at < ?::timestamptz', q.to);
    if (q.before) {
      const [at, seq] = q.before.split('|');
      if (!at || !seq || !/^\d+$/.test(seq)) throw new ProblemError(400, 'HISTORY_CURSOR_INVALID', 'That page of the log could not be found.');
      add(`(e.recorded_at, e.seq) < (?::timestamptz, ?::bigint)`, at, seq);
    }
    params.push(HISTORY_PAGE_SIZE + 1);
    // Newest first by the time each event was recorded (the order reviewers ask about), then by sequence.
    const { rows } = await this.sql.query<EventRow>(
      `SELECT ${EVENT_COLUMNS}, to_char(e.recorded_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || e.seq AS cursor
       FROM events e ${where.length ? `WHERE ${where.join(' AND ')}` : ''}
       ORDER BY e.recorded_at DESC, e.seq DESC LIMIT $${params.length}`,
      params,
    );
    const page = rows.slice(0, HISTORY_PAGE_SIZE);
    return { events: await this.present(page.map(toRecorded)), next: rows.length > HISTORY_PAGE_SIZE ? page[page.length - 1]!.cursor! : null };
  }

  async filters(): Promise<HistoryFilters> {
    // A loose index scan: one index probe per distinct type, not a pass over every event.
    const types = await this.sql.query<{ type: string }>(
      `WITH RECURSIVE t AS (
         (SELECT type FROM events ORDER BY type LIMIT 1)
         UNION ALL
         SELECT (SELECT e.type FROM events e WHERE e.type > t.type ORDER BY e.type LIMIT 1) FROM t WHERE t.type IS NOT NULL
       ) SELECT type FROM t WHERE type IS NOT NULL`,
    );
    const staff = await this.sql.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM admin_users ORDER BY name, email`);
    return { types: types.rows.map((r) => r.type), staff: staff.rows.map((s) => ({ actor: `admin:${s.id}`, name: s.name })) };
  }

  /** Events as reviewers see them: actors by name, memory data withheld. */
  async present(events: readonly RecordedEvent[]): Promise<HistoryEvent[]> {
    const staffIds = [...new Set(events.map((e) => e.metadata?.actor).filter((a): a is string => typeof a === 'string' && a.startsWith('admin:')).map((a) => a.slice(6)))];
    const names = new Map<string, string>();
    if (staffIds.length) {
      const { rows } = await this.sql.query<{ id: string; name: string }>(`SELECT id::text AS id, name FROM admin_users WHERE id::text = ANY($1::text[])`, [staffIds]);
      for (const r of rows) names.set(r.id, r.name);
    }
    return events.map((e) => {
      const redacted = isPrivate(e.streamId);
      const m = (e.metadata ?? {}) as Partial<RecordedEvent['metadata']>;
      const data = e.data;
      return {
        streamId: e.streamId,
        kind: kindOf(e.streamId) as StreamKind | null,
        version: Number(e.revision) + 1,
        type: e.type,
        position: `${e.position.commit}/${e.position.prepare}`,
        recordedAt: e.recordedAt,
        actor: actorOf(m.actor, names),
        correlationId: m.correlationId ?? null,
        causationId: m.causationId ?? null,
        requestId: m.requestId ?? null,
        // A family's own address and browser are theirs too.
        ip: redacted && !String(m.actor ?? '').startsWith('admin:') ? null : (m.ip ?? null),
        userAgent: redacted && !String(m.actor ?? '').startsWith('admin:') ? null : (m.userAgent ?? null),
        data: redacted ? null : data,
        fields: typeof data === 'object' && data !== null && !Array.isArray(data) ? Object.keys(data).sort() : [],
        redacted,
      };
    });
  }
}

function actorOf(raw: string | undefined, names: ReadonlyMap<string, string>): HistoryActor {
  if (!raw) return { kind: 'system', name: 'System', raw: null };
  if (raw.startsWith('admin:')) return { kind: 'staff', name: names.get(raw.slice(6)) ?? 'Former staff member', raw };
  if (raw === 'system' || raw.startsWith('system:')) return { kind: 'system', name: 'System', raw };
  return { kind: 'family', name: 'Family member', raw: null };
}
