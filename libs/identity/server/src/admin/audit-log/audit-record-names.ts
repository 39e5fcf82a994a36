import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA } from '@afterwards/server-kit';

/** The names of some records of one table, by id; ids it cannot name (a record since deleted) are left out. */
export type RecordNamer = (ids: readonly string[]) => Promise<ReadonlyMap<string, string>>;

/**
 * What the audit log's 'What' says of a record: its name (the business, the promotion, the staff member)
 * instead of 'listings <uuid>'. The context that owns a table adds its namer when its module starts, as
 * the account-erasure steps are added, so the audit log reads no other context's tables itself. Names are
 * today's: the audited values keep what the record was called then.
 */
@Injectable()
export class AuditRecordNames {
  private readonly namers = new Map<string, RecordNamer>();

  add(tableName: string, namer: RecordNamer): void {
    this.namers.set(tableName, namer);
  }

  /** Names keyed `table|id`, one query per table on the page. */
  async of(records: readonly { tableName: string | null; recordId: string | null }[]): Promise<Map<string, string>> {
    const ids = new Map<string, Set<string>>();
    for (const { tableName, recordId } of records) {
      if (!tableName || !recordId || !this.namers.has(tableName)) continue;
      ids.set(tableName, (ids.get(tableName) ?? new Set()).add(recordId));
    }
    const names = new Map<string, string>();
    for (const [tableName, set] of ids) {
      for (const [id, name] of await this.namers.get(tableName)!([...set])) names.set(`${tableName}|${id}`, name);
    }
    return names;
  }
}

/**
 * A context's namers for the tables it owns, added when its module starts: the subclass says how each of its
 * tables' records are named, reading its own rows with `prisma`.
 */
@Injectable()
export abstract class TableAuditNames implements OnModuleInit {
  constructor(
    private readonly names: AuditRecordNames,
    @Inject(PRISMA) protected readonly prisma: PrismaClient,
  ) {}

  /** Each table's namer, by table name. */
  protected abstract namers(): Readonly<Record<string, RecordNamer>>;

  onModuleInit(): void {
    for (const [tableName, namer] of Object.entries(this.namers())) this.names.add(tableName, namer);
  }
}

/** Keeps the ids that are uuids: a namer's `= ANY($1::uuid[])` must not fail on an operator's odd record id. */
export const uuidsOf = (ids: readonly string[]): string[] => ids.filter((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id));
