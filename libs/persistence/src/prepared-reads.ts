import { createHash } from 'node:crypto';
import pg from 'pg';
import { inlineParams } from './inline-params';

/** Prepared reads kept per connection; past this many distinct texts the rest are inlined each time. */
const MAX_PREPARED_READS = 64;

/**
 * A value of `readAs` as an SQL literal: text quoted by the PostgreSQL driver's own escaping, numbers as
 * they are, anything else refused (decision 0023).
 */
export function readLiteral(value: unknown): string {
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint') return String(value);
  throw new Error(`readAs takes text and numbers only, not ${typeof value}`);
}

/** `set_config(name, value, true), …`: settings local to the read's transaction. */
export function readSettings(settings: Readonly<Record<string, string>>): string {
  return Object.entries(settings)
    .map(([key, value]) => `set_config(${readLiteral(key)}, ${readLiteral(value)}, true)`)
    .join(', ');
}

/** Errors after which a prepared read is read again with its values inlined (decision 0029). */
export const READ_AGAIN_INLINED = {
  /** PostgreSQL could not infer a parameter's type from the statement alone: never prepare that text. */
  untypable: new Set(['42P18', '42P08']),
  /** The prepared statement was dropped behind the client's back (`DEALLOCATE ALL`). */
  gone: '26000',
} as const;

/**
 * Names of statements kept prepared on each connection: one per text, from a hash of it, so every client and
 * connection gives a text the same name; past `limit` distinct texts, none (they are planned each time).
 */
export class StatementNames {
  private readonly names = new Map<string, string>();

  constructor(
    private readonly prefix: string,
    private readonly limit: number,
  ) {}

  nameOf(text: string): string | undefined {
    let name = this.names.get(text);
    if (!name && this.names.size < this.limit) {
      name = `${this.prefix}_${createHash('sha256').update(text).digest('hex').slice(0, 16)}`;
      this.names.set(text, name);
    }
    return name;
  }
}

/**
 * The names of a client's prepared reads (decision 0029), and the texts PostgreSQL could not prepare alone,
 * which are inlined from then on.
 */
export class PreparedReadNames extends StatementNames {
  private readonly unpreparable = new Set<string>();

  constructor() {
    super('afterwards_read', MAX_PREPARED_READS);
  }

  override nameOf(text: string): string | undefined {
    return this.unpreparable.has(text) ? undefined : super.nameOf(text);
  }

  neverPrepare(text: string): void {
    this.unpreparable.add(text);
  }

  /**
   * Runs `once` with the text's name (undefined: inline it), and once more inlined after an error that
   * says the prepared statement could not be made or is gone; an untypable text is never prepared again.
   */
  async read<T>(text: string, once: (name: string | undefined) => Promise<T>): Promise<T> {
    const name = this.nameOf(text);
    try {
      return await once(name);
    } catch (error) {
      const code = (error as { code?: string }).code ?? '';
      if (name === undefined || (code !== READ_AGAIN_INLINED.gone && !READ_AGAIN_INLINED.untypable.has(code))) throw error;
      if (code !== READ_AGAIN_INLINED.gone) this.neverPrepare(text);
      return once(undefined);
    }
  }
}

/** The read itself: `PREPARE` the first time on a connection, then `EXECUTE`; or the text with its values inlined. */
export function readStatement(text: string, values: readonly string[], name: string | undefined, prepare: boolean): string {
  if (name === undefined) return inlineParams(text, values);
  return `${prepare ? `PREPARE ${name} AS ${text}; ` : ''}EXECUTE ${name}${values.length ? `(${values.join(', ')})` : ''}`;
}
