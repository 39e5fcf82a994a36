// The read models have two sources: the SQL migrations make the tables, and prisma/schema.prisma tells the
// Prisma client what it will find there. Nothing makes them agree but this check: it reads the schema's
// models as Prisma itself does (its DMMF, from Prisma's own schema parser) and compares each model's
// fields with the columns a migrated database really has (information_schema): the table, each mapped
// column, its type, whether it may be null, and the primary key.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { get_dmmf } from '@prisma/prisma-schema-wasm';
import type { SqlClient } from '../sql-client';

export const PRISMA_SCHEMA_FILE = fileURLToPath(new URL('../../prisma/schema.prisma', import.meta.url));

interface DmmfField {
  readonly name: string;
  readonly dbName: string | null;
  readonly kind: 'scalar' | 'object' | 'enum' | 'unsupported';
  readonly type: string;
  readonly isRequired: boolean;
  readonly isList: boolean;
  readonly isId: boolean;
  readonly nativeType: readonly [string, readonly string[]] | null;
}

interface DmmfModel {
  readonly name: string;
  readonly dbName: string | null;
  readonly fields: readonly DmmfField[];
  readonly primaryKey: { readonly fields: readonly string[] } | null;
}

/**
 * The models of a Prisma schema, as the client generator sees them, plus their `Unsupported("…")` fields:
 * the DMMF leaves those out (the client cannot read or write them), but the column is still there and
 * must still match, so they are read from the model's own lines.
 */
export function prismaModels(schema: string): readonly DmmfModel[] {
  const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [['schema.prisma', schema]] }))) as { datamodel: { models: DmmfModel[] } };
  return dmmf.datamodel.models.map((model) => {
    const body = new RegExp(`^model ${model.name} \\{([\\s\\S]*?)^\\}`, 'm').exec(schema)?.[1] ?? '';
    const unsupported = [...body.matchAll(/^\s+(\w+)\s+Unsupported\("([^"]+)"\)(\?)?([^\n]*)$/gm)].map(
      ([, name, type, optional, attributes]): DmmfField => ({
        name: name!,
        dbName: /@map\("([^"]+)"\)/.exec(attributes!)?.[1] ?? null,
        kind: 'unsupported',
        type: type!,
        isRequired: !optional,
        isList: false,
        isId: false,
        nativeType: null,
      }),
    );
    return { ...model, fields: [...model.fields, ...unsupported] };
  });
}

export const readPrismaSchema = (): Promise<string> => readFile(PRISMA_SCHEMA_FILE, 'utf8');

/** The PostgreSQL type (information_schema's udt_name) that a Prisma field maps to. */
function expectedUdt(field: DmmfField): string {
  const native = field.nativeType?.[0];
  const base = ((): string => {
    switch (field.type) {
      case 'String':
        return ({ Uuid: 'uuid', VarChar: 'varchar', Char: 'bpchar', Inet: 'inet', Citext: 'citext', Xml: 'xml' } as Record<string, string>)[native ?? ''] ?? 'text';
      case 'Int':
        return native === 'SmallInt' ? 'int2' : 'int4';
      case 'BigInt':
        return 'int8';
      case 'Float':
        return native === 'Real' ? 'float4' : 'float8';
      case 'Decimal':
        return native === 'Money' ? 'money' : 'numeric';
      case 'Boolean':
        return 'bool';
      case 'DateTime':
        return ({ Timestamptz: 'timestamptz', Date: 'date', Time: 'time', Timetz: 'timetz' } as Record<string, string>)[native ?? ''] ?? 'timestamp';
      case 'Json':
        return native === 'Json' ? 'json' : 'jsonb';
      case 'Bytes':
        return 'bytea';
      default:
        // Unsupported("xid8") and enums are named by their database type.
        return field.type;
    }
  })();
  return field.isList ? `_${base}` : base;
}

/** The precision or length a field's native type asks for, where it names one (Timestamptz(3), VarChar(80)). */
function expectedSize(field: DmmfField): number | undefined {
  const arg = field.nativeType?.[1][0];
  if (arg !== undefined) return Number(arg);
  // A DateTime without a native type is timestamp(3).
  return field.type === 'DateTime' && !field.nativeType ? 3 : undefined;
}

interface ColumnRow {
  table_name: string;
  column_name: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  character_maximum_length: number | null;
  datetime_precision: number | null;
  numeric_precision: number | null;
}

/**
 * Every way the models of `schema` and the tables of the database behind `sql` disagree, one sentence
 * each; empty when they agree. A column the model leaves out is a difference only when a row could not
 * be written without it (NOT NULL and no default): Prisma never sees the others.
 */
export async function schemaDrift(sql: SqlClient, schema: string): Promise<string[]> {
  const { rows: columns } = await sql.query<ColumnRow & { has_default: boolean }>(
    `SELECT table_name, column_name, udt_name, is_nullable, character_maximum_length, datetime_precision, numeric_precision,
            column_default IS NOT NULL OR is_generated = 'ALWAYS' OR is_identity = 'YES' AS has_default
       FROM information_schema.columns WHERE table_schema = current_schema()`,
  );
  const { rows: keys } = await sql.query<{ table_name: string; column_name: string }>(
    `SELECT k.table_name, k.column_name
       FROM information_schema.table_constraints c
       JOIN information_schema.key_column_usage k USING (constraint_schema, constraint_name, table_name)
      WHERE c.constraint_type = 'PRIMARY KEY' AND c.table_schema = current_schema()
      ORDER BY k.table_name, k.ordinal_position`,
  );
  const differences: string[] = [];
  for (const model of prismaModels(schema)) {
    const table = model.dbName ?? model.name;
    const tableColumns = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]));
    if (tableColumns.size === 0) {
      differences.push(`${model.name}: no table ${table} after the migrations`);
      continue;
    }
    const scalars = model.fields.filter((f) => f.kind !== 'object');
    const columnOf = (field: DmmfField) => field.dbName ?? field.name;
    for (const field of scalars) {
      const where = `${model.name}.${field.name} (${table}.${columnOf(field)})`;
      const column = tableColumns.get(columnOf(field));
      if (!column) {
        differences.push(`${where}: no such column`);
        continue;
      }
      const udt = expectedUdt(field);
      if (column.udt_name !== udt) differences.push(`${where}: the model says ${udt}, the table has ${column.udt_name}`);
      const nullable = column.is_nullable === 'YES';
      if (field.isRequired === nullable) differences.push(`${where}: the model says ${field.isRequired ? 'required' : 'optional'}, the table says ${nullable ? 'NULL' : 'NOT NULL'}`);
      const size = expectedSize(field);
      const actual = column.datetime_precision ?? column.character_maximum_length ?? (column.udt_name === 'numeric' ? column.numeric_precision : null);
      if (size !== undefined && actual !== size) differences.push(`${where}: the model says size ${size}, the table has ${actual ?? 'none'}`);
    }
    const modelled = new Set(scalars.map(columnOf));
    for (const column of tableColumns.values()) {
      if (!modelled.has(column.column_name) && column.is_nullable === 'NO' && !column.has_default) {
        differences.push(`${model.name} (${table}.${column.column_name}): a NOT NULL column without a default that the model leaves out`);
      }
    }
    const modelKey = (model.primaryKey?.fields ?? scalars.filter((f) => f.isId).map((f) => f.name)).map((name) => columnOf(scalars.find((f) => f.name === name)!));
    const tableKey = keys.filter((k) => k.table_name === table).map((k) => k.column_name);
    if (modelKey.join(',') !== tableKey.join(',')) differences.push(`${model.name}: the model's key is (${modelKey.join(', ')}), the table's is (${tableKey.join(', ')})`);
  }
  return differences;
}
