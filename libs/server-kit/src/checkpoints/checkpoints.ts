import { createHash, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eventLogHeadsSince, type EventLogAnchor } from '@afterwards/event-store';
import type { SqlClient } from '@afterwards/persistence';
import type { AppConfig } from '../config/config';
import { loadOrCreateCheckpointKey, publicKeyText, readCheckpointKeyFile } from './checkpoint-keys';

/**
 * Signed checkpoints of the two hash-chained logs (decision 0038). A database owner can recompute a whole
 * chain with the product's own SQL functions, or cut rows off its end and move its head back; a checkpoint
 * signed with a key the database does not hold, kept in a file outside it too, says where the chain was.
 *
 * One checkpoint is one JSON line: its fields, then `sig`, the Ed25519 signature of the line's text without
 * `sig` (the fields in the order written). `prev` is the SHA-256 of the log's previous line, so a
 * checkpoint taken out of the middle shows.
 */
export type CheckpointLog = 'audit' | 'events';

interface BodyBase {
  v: 1;
  log: CheckpointLog;
  /** 1, 2, 3… per log. */
  n: number;
  at: string;
  /** The public key that verifies it (base64 of 32 bytes), so a wrong key is named as such. */
  key: string;
  prev: string | null;
}
/** The audit trail's head: its last row and that row's hash (null: the log was empty). */
export interface AuditCheckpoint extends BodyBase {
  log: 'audit';
  id: string | null;
  hash: string | null;
}
/** The event log up to a global position: the last event of each stream that moved since the checkpoint before. */
export interface EventsCheckpoint extends BodyBase {
  log: 'events';
  tx: string;
  seq: string;
  /** [stream id, revision, hash] */
  heads: [string, string, string][];
}
export type Checkpoint = AuditCheckpoint | EventsCheckpoint;

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** Whether checkpoints are taken: with CHECKPOINT_SIGNING_KEY, or in the embedded profile (its own key). */
export function checkpointsEnabled(config: Pick<AppConfig, 'profile' | 'checkpoints'>): boolean {
  return config.profile === 'embedded' || config.checkpoints.signingKey !== undefined;
}

/** The signing key in use: CHECKPOINT_SIGNING_KEY, or the embedded profile's own under DATA_DIR; undefined: off. */
export function checkpointSigningKey(config: Pick<AppConfig, 'profile' | 'dataDir' | 'checkpoints'>): KeyObject | undefined {
  if (config.checkpoints.signingKey) return config.checkpoints.signingKey;
  return config.profile === 'embedded' ? loadOrCreateCheckpointKey(config.dataDir) : undefined;
}

/** The key the verify commands check with: CHECKPOINT_PUBLIC_KEY, else the signing key's (configured, or the embedded one if it exists). */
export function checkpointPublicKey(config: Pick<AppConfig, 'profile' | 'dataDir' | 'checkpoints'>): KeyObject | undefined {
  if (config.checkpoints.publicKey) return config.checkpoints.publicKey;
  if (config.checkpoints.signingKey) return createPublicKey(config.checkpoints.signingKey);
  const key = config.profile === 'embedded' ? readCheckpointKeyFile(config.dataDir) : undefined;
  return key ? createPublicKey(key) : undefined;
}

/** The signed line of a checkpoint body. */
export function signCheckpoint(body: Checkpoint, key: KeyObject): string {
  const text = JSON.stringify(body);
  const sig = sign(null, Buffer.from(text, 'utf8'), key).toString('base64');
  return `${text.slice(0, -1)},"sig":${JSON.stringify(sig)}}`;
}

/** Appends whole lines and syncs them to disk before the call returns. */
async function appendLine(file: string, line: string): Promise<void> {
  await fs.promises.mkdir(path.dirname(file), { recursive: true });
  const handle = await fs.promises.open(file, 'a', 0o600);
  try {
    await handle.write(`${line}\n`);
    await handle.datasync();
  } finally {
    await handle.close();
  }
}

export interface TakeCheckpointsOptions {
  readonly key: KeyObject;
  readonly file: string;
  /** Checkpoint the Postgres event log too (not with KurrentDB, which keeps no hashes). */
  readonly events: boolean;
  readonly now?: Date;
}

/**
 * Takes one checkpoint of each log: written to `log_checkpoints` first (its primary key keeps two writers
 * from both taking number n), then appended to the file. A checkpoint is taken even when nothing moved,
 * so a file whose last line is old shows that later ones were removed, or that no one was taking them.
 */
export async function takeCheckpoints(sql: SqlClient, options: TakeCheckpointsOptions): Promise<Checkpoint[]> {
  const at = (options.now ?? new Date()).toISOString();
  const key = publicKeyText(options.key);
  const taken: Checkpoint[] = [];
  for (const log of options.events ? (['audit', 'events'] as const) : (['audit'] as const)) {
    const { rows } = await sql.query<{ n: string; position_tx: string | null; position_seq: string | null; line: string }>(
      `SELECT n::text AS n, position_tx, position_seq::text AS position_seq, line FROM log_checkpoints c WHERE c.log = $1 ORDER BY c.n DESC LIMIT 1`,
      [log],
    );
    const last = rows[0];
    const base = { v: 1 as const, log, n: last ? Number(last.n) + 1 : 1, at, key, prev: last ? sha256(last.line) : null };
    let body: Checkpoint;
    let position: { tx: string; seq: string } | null = null;
    if (log === 'audit') {
      const head = (await sql.query<{ last_id: string | null; last_hash: string | null }>(`SELECT last_id::text AS last_id, last_hash FROM admin_audit_chain_head`)).rows[0];
      body = { ...base, log, id: head?.last_id ?? null, hash: head?.last_hash ?? null };
    } else {
      const moved = await eventLogHeadsSince(sql, { tx: last?.position_tx ?? '0', seq: last?.position_seq ?? '0' });
      position = moved.position;
      body = { ...base, log, tx: moved.position.tx, seq: moved.position.seq, heads: moved.heads.map((h) => [h.streamId, h.revision, h.hash]) };
    }
    const line = signCheckpoint(body, options.key);
    await sql.query(`INSERT INTO log_checkpoints (log, n, taken_at, position_tx, position_seq, line) VALUES ($1, $2::bigint, $3::timestamptz, $4, $5::bigint, $6)`, [
      log,
      String(body.n),
      at,
      position?.tx ?? null,
      position?.seq ?? null,
      line,
    ]);
    await appendLine(options.file, line);
    taken.push(body);
  }
  return taken;
}

/** What the verify commands learnt from the checkpoints: the anchors to check each chain against, and any problem with the checkpoints themselves. */
export interface CheckpointReading {
  /** False: CHECKPOINT_SIGNING_KEY is not set (services profile) and there are no checkpoints to check. */
  readonly enabled: boolean;
  readonly count: number;
  readonly last: { n: number; at: string } | null;
  /** Signatures that fail, numbers missing, file and database disagreeing: each one a reason to exit 1. */
  readonly problems: string[];
  /** Worth saying, not a break: e.g. checkpoints only in the database (the file lives elsewhere). */
  readonly notes: string[];
  readonly auditAnchors: { id: string; hash: string; checkpoint: string }[];
  readonly eventAnchors: EventLogAnchor[];
}

interface Found {
  line: string;
  where: string;
  /** Already parsed (the file's lines are, to be sorted by number): not parsed again. */
  checkpoint?: Checkpoint;
}

/**
 * Reads one log's checkpoints from the file and from `log_checkpoints`, checks every signature with
 * `publicKey`, that the numbers run 1, 2, 3… with each `prev` the hash of the line before, and that the
 * file and the database hold the same lines. Only checkpoints whose signature holds become anchors.
 */
export async function readCheckpoints(
  sql: SqlClient,
  options: { file: string; publicKey: KeyObject | undefined; log: CheckpointLog; signingConfigured: boolean },
): Promise<CheckpointReading> {
  const problems: string[] = [];
  const notes: string[] = [];
  const fromFile = new Map<number, Found>();
  const fromTable = new Map<number, Found>();
  const parse = (line: string, where: string): Checkpoint | null => {
    try {
      const parsed = JSON.parse(line) as Checkpoint & { sig?: unknown };
      return parsed && typeof parsed === 'object' && typeof parsed.n === 'number' ? parsed : null;
    } catch {
      problems.push(`${where} is not a checkpoint (not JSON): the file was edited`);
      return null;
    }
  };
  if (fs.existsSync(options.file)) {
    const text = await fs.promises.readFile(options.file, 'utf8');
    text.split('\n').forEach((line, i) => {
      if (!line.trim()) return;
      const where = `${options.file} line ${i + 1}`;
      const c = parse(line, where);
      if (c?.log !== options.log) return;
      if (fromFile.has(c.n)) problems.push(`${where}: checkpoint ${c.n} of the ${options.log} log is in the file twice`);
      else fromFile.set(c.n, { line, where, checkpoint: c });
    });
  }
  const { rows } = await sql.query<{ n: string; line: string }>(`SELECT n::text AS n, line FROM log_checkpoints c WHERE c.log = $1 ORDER BY c.n`, [options.log]);
  for (const r of rows) fromTable.set(Number(r.n), { line: r.line, where: `log_checkpoints row ${options.log}/${r.n}` });

  const numbers = [...new Set([...fromFile.keys(), ...fromTable.keys()])].sort((a, b) => a - b);
  const last = numbers.length ? numbers[numbers.length - 1]! : null;
  const reading = {
    enabled: options.signingConfigured || numbers.length > 0,
    count: numbers.length,
    problems,
    notes,
    auditAnchors: [] as CheckpointReading['auditAnchors'],
    eventAnchors: [] as EventLogAnchor[],
  };
  if (numbers.length === 0) return { ...reading, last: null };
  if (!options.publicKey) {
    problems.push(`there are ${numbers.length} signed checkpoints of the ${options.log} log, but no key to check them: set CHECKPOINT_PUBLIC_KEY`);
    return { ...reading, last: null };
  }
  const expectedKey = publicKeyText(options.publicKey);
  let onlyInTable = 0;
  let onlyInFile = 0;
  let previousLine: string | null = null;
  let lastGood: { n: number; at: string } | null = null;
  for (let n = 1; n <= last!; n++) {
    const file = fromFile.get(n);
    const table = fromTable.get(n);
    if (!file && !table) {
      problems.push(`checkpoint ${n} of the ${options.log} log is missing from both the file and the database: checkpoints were removed`);
      previousLine = null;
      continue;
    }
    if (file && table && file.line !== table.line) {
      problems.push(`checkpoint ${n} of the ${options.log} log differs between ${file.where} and the database: one of them was edited`);
    }
    if (!file) onlyInTable++;
    if (!table) onlyInFile++;
    const found = file ?? table!;
    const checkpoint = found.checkpoint ?? parse(found.line, found.where);
    if (!checkpoint) continue;
    const { sig, ...body } = checkpoint as Checkpoint & { sig?: unknown };
    const signed = typeof sig === 'string' && verify(null, Buffer.from(JSON.stringify(body), 'utf8'), options.publicKey, Buffer.from(sig, 'base64'));
    if (!signed) {
      problems.push(
        checkpoint.key !== expectedKey
          ? `checkpoint ${n} of the ${options.log} log (${found.where}) was not signed by the configured key (it names key ${String(checkpoint.key)}, CHECKPOINT_PUBLIC_KEY is ${expectedKey}): forged, or checked with the wrong key`
          : `checkpoint ${n} of the ${options.log} log (${found.where}): its signature does not verify: it was forged or edited`,
      );
      previousLine = found.line;
      continue;
    }
    if (previousLine !== null && checkpoint.prev !== sha256(previousLine)) {
      problems.push(`checkpoint ${n} of the ${options.log} log does not follow checkpoint ${n - 1}: a checkpoint between them was replaced`);
    }
    previousLine = found.line;
    lastGood = { n, at: checkpoint.at };
    const name = `checkpoint ${n} of ${checkpoint.at}`;
    if (checkpoint.log === 'audit') {
      if (checkpoint.id !== null && checkpoint.hash !== null) reading.auditAnchors.push({ id: checkpoint.id, hash: checkpoint.hash, checkpoint: name });
    } else {
      for (const [streamId, revision, hash] of checkpoint.heads) reading.eventAnchors.push({ streamId, revision: BigInt(revision), hash, checkpoint: name });
    }
  }
  // The product writes the database first, then the file: a line missing from the database was removed from it.
  if (onlyInFile > 0) problems.push(`${onlyInFile} checkpoint(s) of the ${options.log} log are in the file but not in the database: they were removed from log_checkpoints`);
  if (onlyInTable > 0) notes.push(`${onlyInTable} checkpoint(s) of the ${options.log} log are only in the database, not in ${options.file} (is CHECKPOINT_FILE the file the worker writes?)`);
  return { ...reading, last: lastGood };
}
