import type { MemoryOrganisation, MemoryOrganisationsResponse, OrganisationAnswers, OrganisationReference, PostalAddress } from '@afterwards/contracts';
import type { SqlExecutor } from '@afterwards/persistence';
import type { MemoryForPerson } from '@afterwards/cases-server';
import { isWaiting, startingList, UNANSWERED } from '@afterwards/organisations-domain';
import type { MemoryKey, MemoryOrganisationsSealer } from '../sealing/memory-organisations-sealer';

/** One row of memory_organisations as read here (dates as YYYY-MM-DD). */
export interface MemoryOrganisationRow {
  id: string;
  organisation_id: string | null;
  name: string;
  kind: MemoryOrganisation['kind'];
  address: string[];
  email: string | null;
  usual_reply_days: number;
  references_sealed: string | null;
  notes_sealed: string | null;
  letter_text_sealed: string | null;
  status: MemoryOrganisation['status'];
  sent_on: string | null;
  told_on: string | null;
  acknowledged_on: string | null;
  closed_on: string | null;
  service: MemoryOrganisation['service'];
  service_reference_sealed: string | null;
  amount_minor: string | number | null;
  version: number;
}

const ROW_COLUMNS = `id::text, organisation_id, name, kind, address, email, usual_reply_days, references_sealed, notes_sealed, letter_text_sealed,
  status, to_char(sent_on, 'YYYY-MM-DD') AS sent_on, to_char(told_on, 'YYYY-MM-DD') AS told_on,
  to_char(acknowledged_on, 'YYYY-MM-DD') AS acknowledged_on, to_char(closed_on, 'YYYY-MM-DD') AS closed_on,
  service, service_reference_sealed, amount_minor, version`;

/** The organisations on a memory's list, oldest first, as stored (sealed). */
export async function readOrganisationRows(sql: SqlExecutor, caseId: string): Promise<MemoryOrganisationRow[]> {
  const { rows } = await sql.query<MemoryOrganisationRow>(`SELECT ${ROW_COLUMNS} FROM memory_organisations WHERE case_id = $1::uuid ORDER BY added_at, id`, [caseId]);
  return rows;
}

/** A row as the family sees it: sealed values opened with the memory's key, waiting worked out for `today`. */
export function toMemoryOrganisation(row: MemoryOrganisationRow, key: MemoryKey | null, today: string): MemoryOrganisation {
  const open = (sealed: string | null) => (sealed && key ? key.open(sealed) : null);
  const references = open(row.references_sealed);
  return {
    id: row.id,
    organisationId: row.organisation_id,
    name: row.name,
    kind: row.kind,
    address: row.address,
    email: row.email,
    usualReplyDays: row.usual_reply_days,
    references: references ? (JSON.parse(references) as OrganisationReference[]) : [],
    notes: open(row.notes_sealed) ?? '',
    status: row.status,
    dates: { sentOn: row.sent_on, toldOn: row.told_on, acknowledgedOn: row.acknowledged_on, closedOn: row.closed_on },
    service: row.service,
    serviceReference: open(row.service_reference_sealed),
    amountMinor: row.amount_minor === null ? null : Number(row.amount_minor),
    letterText: open(row.letter_text_sealed),
    waiting: isWaiting({ status: row.status, sentOn: row.sent_on, usualReplyDays: row.usual_reply_days }, today),
    version: row.version,
  };
}

/** The memory's answers (unanswered until the family gives them) and the person's last address, sealed. */
export async function readList(sql: SqlExecutor, caseId: string): Promise<{ answers: OrganisationAnswers; lastAddressSealed: string | null }> {
  const { rows } = await sql.query<{ answers: OrganisationAnswers; last_address_sealed: string | null }>(
    `SELECT answers, last_address_sealed FROM memory_organisations_lists WHERE case_id = $1::uuid`,
    [caseId],
  );
  return { answers: rows[0]?.answers ?? UNANSWERED, lastAddressSealed: rows[0]?.last_address_sealed ?? null };
}

/** The whole of a memory's organisations, with the starting list for its jurisdiction and answers. */
export async function readMemoryOrganisations(
  sql: SqlExecutor,
  sealer: MemoryOrganisationsSealer,
  memory: Pick<MemoryForPerson, 'id' | 'jurisdiction'>,
  today: string,
): Promise<MemoryOrganisationsResponse> {
  const [{ answers, lastAddressSealed }, rows] = await Promise.all([readList(sql, memory.id), readOrganisationRows(sql, memory.id)]);
  const key = rows.length > 0 || lastAddressSealed ? await sealer.existingKey(memory.id) : null;
  const organisations = rows.map((row) => toMemoryOrganisation(row, key, today));
  const added = new Set(organisations.flatMap((o) => (o.organisationId ? [o.organisationId] : [])));
  const lastAddress = lastAddressSealed && key ? (JSON.parse(key.open(lastAddressSealed)) as PostalAddress) : [];
  return { memoryId: memory.id, answers, lastAddress, startingList: startingList(memory.jurisdiction, answers, added), organisations };
}
