import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { SqlExecutor } from '@afterwards/persistence';
import type { Sealed } from '@afterwards/organisations-domain';

const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;
/** Sealed values say their format, so a later one can be told apart. */
const PREFIX = 's1.';

function encrypt(key: Buffer, plain: Buffer, aad: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, iv);
  cipher.setAAD(Buffer.from(aad, 'utf8'));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

function decrypt(key: Buffer, sealed: Buffer, aad: string): Buffer {
  const decipher = createDecipheriv(ALGORITHM, key, sealed.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(aad, 'utf8'));
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

/** One memory's key, unwrapped: seals and opens that memory's values only (its id is bound into each). */
export class MemoryKey {
  constructor(
    private readonly caseId: string,
    private readonly key: Buffer,
  ) {}

  seal(text: string): Sealed {
    return PREFIX + encrypt(this.key, Buffer.from(text, 'utf8'), `memory-organisations:${this.caseId}`).toString('base64url');
  }

  open(sealed: Sealed): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('Not a sealed value');
    return decrypt(this.key, Buffer.from(sealed.slice(PREFIX.length), 'base64url'), `memory-organisations:${this.caseId}`).toString('utf8');
  }

  sealOrNull(text: string | null | undefined): Sealed | null {
    return text ? this.seal(text) : null;
  }

  openOrNull(sealed: Sealed | null | undefined): string | null {
    return sealed ? this.open(sealed) : null;
  }
}

/**
 * Account numbers, references, notes and letter text of a memory's organisations are sealed before they
 * reach its events and rows: AES-256-GCM under a key of the memory's own, kept wrapped by the file store's
 * master key in `memory_organisations_keys` (decision 0059). Delete Forever deletes the key, so a copy of a
 * sealed value anywhere (a backup, a page PostgreSQL has not reused yet, a log) can never be read again.
 */
export class MemoryOrganisationsSealer {
  constructor(
    private readonly sql: SqlExecutor,
    private readonly masterKey: () => Buffer,
  ) {}

  private wrap(caseId: string, key: Buffer): Buffer {
    return encrypt(this.masterKey(), key, `memory-organisations-key:${caseId}`);
  }

  private unwrap(caseId: string, wrapped: Uint8Array): Buffer {
    return decrypt(this.masterKey(), Buffer.from(wrapped), `memory-organisations-key:${caseId}`);
  }

  /** The memory's key; made on first need, and only while the memory exists (not for one being deleted). */
  async keyFor(caseId: string): Promise<MemoryKey> {
    const existing = await this.existingKey(caseId);
    if (existing) return existing;
    await this.sql.query(
      `INSERT INTO memory_organisations_keys (case_id, wrapped_key, created_at)
       SELECT $1::uuid, $2::bytea, now() WHERE EXISTS (SELECT 1 FROM cases WHERE id = $1::uuid)
       ON CONFLICT (case_id) DO NOTHING`,
      [caseId, this.wrap(caseId, randomBytes(KEY_BYTES))],
    );
    const made = await this.existingKey(caseId);
    if (!made) throw new Error('The memory is gone: no key was made for it');
    return made;
  }

  /** The key if the memory has one (null: nothing of it was ever sealed, or it was erased). */
  async existingKey(caseId: string): Promise<MemoryKey | null> {
    const { rows } = await this.sql.query<{ wrapped_key: Uint8Array }>(`SELECT wrapped_key FROM memory_organisations_keys WHERE case_id = $1::uuid`, [caseId]);
    return rows[0] ? new MemoryKey(caseId, this.unwrap(caseId, rows[0].wrapped_key)) : null;
  }

  /** Crypto-shredding: without its key nothing sealed for the memory opens again. */
  async forget(caseId: string, sql: SqlExecutor = this.sql): Promise<void> {
    await sql.query(`DELETE FROM memory_organisations_keys WHERE case_id = $1::uuid`, [caseId]);
  }
}
