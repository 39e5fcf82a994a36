import type { CodeMigration, SqlExecutor } from '@afterwards/persistence';
import { deadlineRuleOf, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';

interface StoredDueDate {
  id: string;
  template_key: string;
  due_date: string;
  template_version: string;
  jurisdiction: string;
  deceased_name: string;
  date_of_death: string;
}

/**
 * Memories started before a task's limit was recorded keep the due date they were given, past the limit
 * (bereavement benefits 'by 25 February' for a death on 6 November). The projection now stores checklists
 * within their limits; this brings the rows already stored there too, so the reminder sweep, which selects
 * by the stored date, and a rebuild from the events agree with what the screen says (decision 0043). The
 * rule is the checklist domain's own `withinLimit`: SQL would only copy it.
 */
async function bringDueDatesWithinLimits(tx: SqlExecutor): Promise<void> {
  const { rows } = await tx.query<StoredDueDate>(
    `SELECT t.id::text, t.template_key, to_char(t.due_date, 'YYYY-MM-DD') AS due_date, c.template_version, c.jurisdiction,
            c.deceased_name, to_char(c.date_of_death, 'YYYY-MM-DD') AS date_of_death
       FROM case_tasks t JOIN cases c ON c.id = t.case_id
      WHERE t.due_date IS NOT NULL AND c.date_of_death IS NOT NULL`,
  );
  const moved = rows
    .map((r) => ({
      id: r.id,
      due: withinLimit(r.due_date, deadlineRuleOf(r.template_version, r.jurisdiction as Jurisdiction, r.template_key, r.deceased_name).limit, r.date_of_death),
    }))
    .filter((r, i) => r.due !== rows[i]!.due_date);
  if (moved.length === 0) return;
  await tx.query(`UPDATE case_tasks SET due_date = v.due FROM unnest($1::uuid[], $2::date[]) AS v (id, due) WHERE case_tasks.id = v.id`, [
    moved.map((m) => m.id),
    moved.map((m) => m.due),
  ]);
}

export const dueDatesWithinLimits: CodeMigration = { id: 'cases/0009_due_dates_within_limits', run: bringDueDatesWithinLimits };
