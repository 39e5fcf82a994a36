import type { MissingOrganisations } from '@afterwards/contracts';
import type { SqlExecutor } from '@afterwards/persistence';

/**
 * A name is counted only once at least this many memories gave it: a name typed on a single memory (a
 * small local firm, a person's own landlord) can point to that family, so it is never shown (decision 0059).
 */
export const MISSING_NAME_FLOOR = 2;
/** The longest list staff are shown: the names most often given first. */
export const MISSING_NAMES_LIMIT = 100;

/**
 * The names families gave their own organisations (not from the directory), normalised (spaces trimmed and
 * collapsed, case folded) and counted by memory, leaving out those the directory already has by name and
 * those given on fewer than MISSING_NAME_FLOOR memories. Counted from the read model, so a deleted memory's
 * names stop counting at once. Nothing else of any family is read: no reference, note, memory or person.
 */
export async function missingOrganisations(sql: SqlExecutor): Promise<MissingOrganisations> {
  const { rows } = await sql.query<{ name: string; count: number }>(
    `WITH own AS (
       SELECT case_id, regexp_replace(btrim(name), '\\s+', ' ', 'g') AS shown, lower(regexp_replace(btrim(name), '\\s+', ' ', 'g')) AS key
       FROM memory_organisations WHERE organisation_id IS NULL
     ),
     counted AS (
       SELECT key, count(DISTINCT case_id)::int AS count FROM own
       WHERE NOT EXISTS (SELECT 1 FROM organisations d WHERE lower(regexp_replace(btrim(d.name), '\\s+', ' ', 'g')) = own.key)
       GROUP BY key HAVING count(DISTINCT case_id) >= $1
     )
     SELECT (SELECT o.shown FROM own o WHERE o.key = c.key GROUP BY o.shown ORDER BY count(*) DESC, o.shown LIMIT 1) AS name, c.count
     FROM counted c ORDER BY c.count DESC, c.key LIMIT $2`,
    [MISSING_NAME_FLOOR, MISSING_NAMES_LIMIT],
  );
  return { names: rows.map((r) => ({ name: r.name, count: Number(r.count) })) };
}
