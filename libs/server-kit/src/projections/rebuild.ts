import { createPrismaClient, dialectOf, Prisma, sqlClientOf, type PrismaClient, type SqlClient } from '@afterwards/persistence';
import { comparePositions, START, type EventStore, type Position, type RecordedEvent } from '@afterwards/event-store';
import type { Projection, ProjectionTable, ProjectionTx } from './projection';
import { readCheckpoint } from './projection-runner';

export interface RebuildReport {
  readonly projection: string;
  readonly events: number;
  /** Rows of the live model compared (its tables, its rows of a shared one). */
  readonly rowsBefore: number;
  /** Rows of the rebuilt model compared. */
  readonly rowsAfter: number;
  /** The rebuilt read model equals the live one, both at the live checkpoint. */
  readonly equal: boolean;
  /** A few rows found on one side only, to start an investigation. */
  readonly differences: { table: string; live?: unknown; rebuilt?: unknown }[];
  /** Seconds its transactions took during the replay (they run side by side, so these overlap). */
  readonly seconds?: number;
  /** Why the two could not be compared (the live model stayed behind the log), if so. */
  readonly note?: string;
}

export interface RebuildProgress {
  /** Events of the log read so far, and how many a second since the start. */
  readonly events: number;
  readonly eventsPerSecond: number;
  /** Where the replay is in the log. */
  readonly position: Position;
  readonly elapsedMs: number;
}

export interface RebuildOptions {
  /** The schema the rebuilt tables are made in (dropped first if it exists, and again at the end). */
  readonly schema?: string;
  /** Events read from the log at a time: each projection applies its share of them in one transaction. */
  readonly batch?: number;
  /**
   * Transactions each projection applies a batch's events in at once, its events split by `partitionOf`
   * (default 4 on PostgreSQL; 1 on PGlite, whose one connection runs them one after another anyway).
   */
  readonly partitions?: number;
  /** Told after each batch (the CLI prints it on stderr). */
  onProgress?(progress: RebuildProgress): void;
  /** Keep the shadow schema for inspection instead of dropping it. */
  readonly keep?: boolean;
  /** How long to wait for a live projection behind the replay to reach it before comparing (default 60 s). */
  readonly liveWaitMs?: number;
}

export const REBUILD_SCHEMA = 'afterwards_rebuild';
const DEFAULT_BATCH = 5_000;
/** Tries at comparing while the live model keeps moving, before reporting that it would not hold still. */
const COMPARE_TRIES = 20;
/** A rebuild's transactions are as long as their batch or comparison needs, never Prisma's 5 s default. */
const LONG_TRANSACTION = { timeout: 3_600_000, maxWait: 60_000 } as const;

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Replays the whole log into every projection's tables in a shadow schema and compares them with the live
 * tables (decision 0040). The live read models are only read: this runs beside the API and its projections.
 * - The shadow tables are empty copies (columns, defaults, keys and unique indexes, foreign keys between
 *   them) without triggers: derived counts are filled once at the end (`derive`), not row by row.
 * - The log is read once, `batch` events at a time; each projection applies its share of a batch in one
 *   transaction on the shadow schema (search path first, Prisma's queries qualified with it), the batch
 *   path the live runner uses (`apply` per event, then `afterBatch`), with no 5 s limit.
 * - Each model is then compared at the live projection's checkpoint, in one repeatable-read transaction:
 *   the shadow catches up to that checkpoint inside it, so both sides are the same point of the log.
 */
export async function rebuildProjections(
  store: EventStore,
  prisma: PrismaClient,
  projections: readonly Projection[],
  options: RebuildOptions = {},
): Promise<RebuildReport[]> {
  const missing = projections.filter((p) => !p.tables || p.tables.length === 0).map((p) => p.name);
  if (missing.length > 0) throw new Error(`Cannot rebuild ${missing.join(', ')}: the projection does not list its tables`);
  const schema = options.schema ?? REBUILD_SCHEMA;
  const sql = sqlClientOf(prisma);
  await createShadow(sql, schema, projections);
  const shadow = createPrismaClient(sql, { schema });
  const searchPath = `${ident(schema)}, public`;
  /** A transaction on the shadow schema: raw SQL in it names the shadow tables first. */
  const inShadow = <T>(work: (tx: ProjectionTx) => Promise<T>, isolationLevel?: Prisma.TransactionIsolationLevel) =>
    shadow.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT set_config('search_path', ${searchPath}, true)`;
        return work(tx);
      },
      { ...LONG_TRANSACTION, ...(isolationLevel ? { isolationLevel } : {}) },
    );
  const applyAll = async (projection: Projection, events: readonly RecordedEvent[], tx: ProjectionTx) => {
    for (const event of events) await projection.apply(event, tx);
    if (projection.afterBatch) await projection.afterBatch(tx);
  };
  const pglite = dialectOf(prisma) === 'pglite';
  const partitions = Math.max(1, options.partitions ?? (pglite ? 1 : 4));
  /** A projection's events of a batch in `partitions` parts, each key's events in one part in log order. */
  const split = (projection: Projection, events: readonly RecordedEvent[]): RecordedEvent[][] => {
    if (partitions === 1) return [[...events]];
    const parts: RecordedEvent[][] = Array.from({ length: partitions }, () => []);
    for (const event of events) parts[hashOf(projection.partitionOf?.(event) ?? event.streamId) % partitions]!.push(event);
    return parts.filter((part) => part.length > 0);
  };

  try {
    const started = performance.now();
    /**
     * Per projection: events applied, seconds its transactions took, and the last event it applied (where its
     * comparison starts catching up from).
     */
    const replayed = new Map(projections.map((p) => [p.name, { events: 0, seconds: 0, lastApplied: START as Position }]));
    let after: Position = START;
    let read = 0;
    for (;;) {
      const batch = await store.readAll({ after, maxCount: options.batch ?? DEFAULT_BATCH });
      if (batch.length === 0) break;
      // Each projection in its own transaction and connection: on PostgreSQL they run side by side.
      await Promise.all(
        projections.map(async (projection) => {
          const mine = batch.filter((event) => wants(projection, event));
          if (mine.length === 0) return;
          const t0 = performance.now();
          // Latency more than work bounds a replay (a round trip or more per event): parts side by side.
          await Promise.all(split(projection, mine).map((part) => inShadow((tx) => applyAll(projection, part, tx))));
          const done = replayed.get(projection.name)!;
          done.seconds += (performance.now() - t0) / 1000;
          done.events += mine.length;
          done.lastApplied = mine[mine.length - 1]!.position;
        }),
      );
      read += batch.length;
      const last = batch[batch.length - 1]!.position;
      const elapsedMs = performance.now() - started;
      options.onProgress?.({ events: read, eventsPerSecond: read / (elapsedMs / 1000), position: last, elapsedMs });
      if (comparePositions(last, after) <= 0) break;
      after = last;
    }

    const reports: RebuildReport[] = [];
    for (const projection of projections) {
      reports.push(await compare(projection));
    }
    return reports;

    async function compare(projection: Projection): Promise<RebuildReport> {
      const tables = projection.tables!.filter((t) => t.compare !== false);
      const done = replayed.get(projection.name)!;
      const notCompared = (note: string): RebuildReport => ({ projection: projection.name, events: done.events, rowsBefore: 0, rowsAfter: 0, equal: false, differences: [], note });
      // The live model must have reached what the replay applied: wait for a live projection that lags.
      const liveAt = await waitForLive(prisma, projection.name, done.lastApplied, options.liveWaitMs ?? 60_000);
      if (comparePositions(liveAt, done.lastApplied) < 0) {
        return notCompared(`the live model is at ${liveAt.commit}/${liveAt.prepare}, behind the log (${done.lastApplied.commit}): is its projection running?`);
      }
      for (let attempt = 1; ; attempt++) {
        // The events between the replay and the live checkpoint, read before the comparison's transaction
        // (on PGlite the log's reads share its one connection).
        const target = await readCheckpoint(prisma, projection.name);
        const tail = await readTail(store, projection, done.lastApplied, target);
        const outcome = await inShadow(async (tx) => {
          // The first read fixes the snapshot: the live rows and checkpoint are those of one moment.
          const [row] = await tx.$queryRaw<{ commit: bigint | null; prepare: bigint | null }[]>`
            SELECT "commit", prepare FROM public.projection_checkpoints WHERE projection = ${projection.name}`;
          const at = row?.commit != null ? { commit: BigInt(row.commit), prepare: BigInt(row.prepare!) } : START;
          if (comparePositions(at, target) < 0) return undefined;
          // It moved on since: the rest of the way, read inside on PostgreSQL (the log's reads have connections
          // of their own); on PGlite they would wait for this transaction, so read again outside it.
          if (comparePositions(at, target) > 0) {
            if (pglite) return undefined;
            tail.push(...(await readTail(store, projection, target, at)));
          }
          if (tail.length > 0) await applyAll(projection, tail, tx);
          if (projection.derive) await projection.derive(tx);
          return compareTables(tx, schema, tables);
        }, Prisma.TransactionIsolationLevel.RepeatableRead);
        if (outcome) {
          return {
            projection: projection.name,
            events: done.events + tail.length,
            seconds: done.seconds,
            ...outcome,
            equal: outcome.differences.length === 0,
          };
        }
        if (attempt >= COMPARE_TRIES) {
          return notCompared(`the live checkpoint moved during each of ${COMPARE_TRIES} comparisons`);
        }
        // The checkpoint moved between the two reads (PGlite), or went back (a projection reset live): again.
      }
    }
  } finally {
    await shadow.$disconnect();
    if (!options.keep) await sql.exec(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE`);
  }
}

/** Whether `event` is of a stream `projection` is delivered (the live runner's subscription filter). */
function wants(projection: Projection, event: RecordedEvent): boolean {
  return projection.streamPrefixes.some((prefix) => event.streamId.startsWith(prefix));
}

/** A small stable hash (FNV-1a) of a partition key. */
function hashOf(key: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** The events of `projection` after `from` up to and including `to`. */
async function readTail(store: EventStore, projection: Projection, from: Position, to: Position): Promise<RecordedEvent[]> {
  const tail: RecordedEvent[] = [];
  let after = from;
  while (comparePositions(after, to) < 0) {
    const page = await store.readAll({ after, maxCount: DEFAULT_BATCH });
    if (page.length === 0) break;
    for (const event of page) {
      if (comparePositions(event.position, to) > 0) return tail;
      if (wants(projection, event)) tail.push(event);
    }
    after = page[page.length - 1]!.position;
  }
  return tail;
}

/** The live checkpoint once it has reached `position`, or where it was when `ms` ran out. */
async function waitForLive(prisma: PrismaClient, name: string, position: Position, ms: number): Promise<Position> {
  const deadline = Date.now() + ms;
  for (;;) {
    const at = await readCheckpoint(prisma, name);
    if (comparePositions(at, position) >= 0 || Date.now() > deadline) return at;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Makes `schema` afresh with an empty copy of each table the projections write: columns, defaults and
 * checks, indexes (only the unique ones where the table says its other indexes are for readers), and
 * foreign keys between the copied tables (a deleted memory's rows go with it). No trigger: the counts are
 * derived once at the end.
 */
async function createShadow(sql: SqlClient, schema: string, projections: readonly Projection[]): Promise<void> {
  const all = projections.flatMap((p) => p.tables ?? []);
  const tables = [...new Set(all.map((t: ProjectionTable) => t.name))];
  const uniqueOnly = tables.filter((name) => all.filter((t) => t.name === name).every((t) => t.uniqueIndexesOnly));
  await sql.exec(`DROP SCHEMA IF EXISTS ${ident(schema)} CASCADE; CREATE SCHEMA ${ident(schema)}`);
  const statements: string[] = [];
  for (const table of tables) {
    statements.push(`CREATE TABLE ${ident(schema)}.${ident(table)} (LIKE public.${ident(table)} INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING GENERATED INCLUDING IDENTITY)`);
  }
  const { rows: indexes } = await sql.query<{ def: string; tablename: string }>(
    `SELECT pg_get_indexdef(i.indexrelid) AS def, c.relname AS tablename
     FROM pg_index i JOIN pg_class c ON c.oid = i.indrelid JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = 'public' AND c.relname = ANY($1) AND (i.indisunique OR NOT c.relname = ANY($2))`,
    [tables, uniqueOnly],
  );
  for (const index of indexes) {
    // `CREATE [UNIQUE] INDEX name ON public.t USING …`: the same index on the copy.
    statements.push(index.def.replace(/ ON (public\.)?("?)([a-z_0-9]+)\2 /, ` ON ${ident(schema)}.${ident(index.tablename)} `));
  }
  const { rows: keys } = await sql.query<{ def: string; tablename: string; conname: string }>(
    `SELECT pg_get_constraintdef(k.oid) AS def, c.relname AS tablename, k.conname
     FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class r ON r.oid = k.confrelid
     JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE k.contype = 'f' AND n.nspname = 'public' AND c.relname = ANY($1) AND r.relname = ANY($1)`,
    [tables],
  );
  for (const key of keys) {
    // Named unqualified in the definition: with the shadow schema first on the path it is the copy.
    statements.push(`ALTER TABLE ${ident(schema)}.${ident(key.tablename)} ADD CONSTRAINT ${ident(key.conname)} ${key.def}`);
  }
  await sql.transaction(async (tx) => {
    await tx.exec(`SET LOCAL search_path = ${ident(schema)}, public`);
    for (const statement of statements) await tx.exec(statement);
  });
}

/** Rows on one side only, per table, both ways (EXCEPT ALL: duplicates count), with a few of them. */
async function compareTables(
  tx: ProjectionTx,
  schema: string,
  tables: readonly ProjectionTable[],
): Promise<{ rowsBefore: number; rowsAfter: number; differences: RebuildReport['differences'] }> {
  let rowsBefore = 0;
  let rowsAfter = 0;
  const differences: RebuildReport['differences'] = [];
  for (const table of tables) {
    const where = table.where ? `WHERE ${table.where}` : '';
    const live = `SELECT * FROM public.${ident(table.name)} ${where}`;
    const rebuilt = `SELECT * FROM ${ident(schema)}.${ident(table.name)} ${where}`;
    const [counted] = await tx.$queryRawUnsafe<{ live: bigint; rebuilt: bigint }[]>(
      `SELECT (SELECT count(*) FROM (${live}) l) AS live, (SELECT count(*) FROM (${rebuilt}) r) AS rebuilt`,
    );
    if (!table.derived) {
      rowsBefore += Number(counted!.live);
      rowsAfter += Number(counted!.rebuilt);
    }
    const found = await tx.$queryRawUnsafe<{ side: 'live' | 'rebuilt'; row: unknown }[]>(
      `(SELECT 'live' AS side, to_jsonb(d) AS row FROM (${live} EXCEPT ALL ${rebuilt}) d LIMIT 3)
       UNION ALL (SELECT 'rebuilt' AS side, to_jsonb(d) AS row FROM (${rebuilt} EXCEPT ALL ${live}) d LIMIT 3)`,
    );
    for (const f of found) differences.push({ table: table.name, [f.side]: f.row });
  }
  return { rowsBefore, rowsAfter, differences };
}
