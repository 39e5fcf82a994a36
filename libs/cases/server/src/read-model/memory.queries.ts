import type { MemoryDetail, MemoryDocument, MemoryFile, MemoryNote, MemoryPerson, MemoryRole, MemorySummary, MemoryTask, Settlement } from '@afterwards/contracts';
import { MEMORIES_PATH } from '@afterwards/contracts';
import type { PrismaClient } from '@afterwards/persistence';
import { combinedTally, progressTally } from '@afterwards/cases-domain';
import { deadlineRuleOf, withinLimit, type Jurisdiction } from '@afterwards/checklist-domain';
import { readAsUser, withUser, type UserTx } from '@afterwards/server-kit';
import { isoDate } from './row-dates';
import { provenanceOf, taskGuidanceOf } from './checklist-text';

type CaseRow = NonNullable<Awaited<ReturnType<UserTx['case']['findUnique']>>>;
type TaskRow = Awaited<ReturnType<UserTx['caseTask']['findMany']>>[number];
type DocumentRow = Awaited<ReturnType<UserTx['caseDocument']['findMany']>>[number];
type FileRow = Awaited<ReturnType<UserTx['caseFile']['findMany']>>[number];
type NoteRow = Awaited<ReturnType<UserTx['caseNote']['findMany']>>[number];

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map(String) : []);

export const memoryUrl = (caseId: string): string => `${MEMORIES_PATH}/${caseId}`;
export const fileUrl = (caseId: string, fileId: string): string => `${memoryUrl(caseId)}/files/${fileId}`;

/** A row's 'not needed' or 'done before I started' mark, if it has one. */
function settlementOf(row: { settledKind: string | null; settledReason: string | null; settledAt: Date | null }): Settlement | null {
  if (!row.settledKind || !row.settledAt) return null;
  return { kind: row.settledKind as Settlement['kind'], reason: row.settledReason, settledAt: row.settledAt.toISOString() };
}

/** What the signed-in person is to a memory, and who shared it when it is not theirs. */
export interface MemoryAccess {
  role: MemoryRole;
  ownerName: string | null;
}
const OWN: MemoryAccess = { role: 'owner', ownerName: null };

/** The stored counts of a memory, through the one progress rule (decision 0047). */
function memoryProgress(row: CaseRow): MemorySummary['progress'] {
  const tasks = progressTally({ total: row.tasksTotal, completed: row.tasksCompleted, settled: row.tasksSettled, inProgress: row.tasksInProgress });
  const documents = progressTally({ total: row.documentsTotal, completed: row.documentsCollected, settled: row.documentsSettled, inProgress: 0 });
  const overall = combinedTally(tasks, documents);
  return {
    tasks,
    documents,
    overall,
    tasksTotal: row.tasksTotal,
    tasksCompleted: row.tasksCompleted,
    tasksInProgress: row.tasksInProgress,
    documentsTotal: row.documentsTotal,
    documentsCollected: row.documentsCollected,
    documentsAdditional: row.documentsAdditional,
    documentsLegal: row.documentsLegal,
    documentsFinancial: row.documentsFinancial,
    tasksSettled: row.tasksSettled,
    documentsSettled: row.documentsSettled,
    percent: overall.percent,
  };
}

export function toSummary(row: CaseRow, access: MemoryAccess = OWN): MemorySummary {
  const photoUrl = `${memoryUrl(row.id)}/photo`;
  return {
    id: row.id,
    role: access.role,
    ownerName: access.ownerName,
    name: row.name,
    deceasedName: row.deceasedName,
    jurisdiction: row.jurisdiction as MemorySummary['jurisdiction'],
    relationship: row.relationship as MemorySummary['relationship'],
    dateOfDeath: isoDate(row.dateOfDeath),
    dateOfBirth: isoDate(row.dateOfBirth),
    placeOfDeath: row.placeOfDeath,
    // The file id in the address makes a changed photo a new URL, so caches never show the old one.
    photo: row.photoFileId
      ? { url: `${photoUrl}?v=${row.photoFileId}`, thumbnailUrl: `${photoUrl}?size=thumbnail&v=${row.photoFileId}`, fileType: row.photoType ?? '', fileSize: row.photoSize ?? 0 }
      : null,
    templateVersion: row.templateVersion,
    detailsVersion: row.detailsVersion,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    progress: memoryProgress(row),
  };
}

/**
 * A task row with its deadline rule. The rule is template data: it comes from the template version the
 * memory was generated from (published versions never change), so rows need no copy of it.
 */
function toTask(t: TaskRow, memory: Pick<CaseRow, 'templateVersion' | 'jurisdiction' | 'deceasedName' | 'dateOfDeath'>): MemoryTask {
  const rule = deadlineRuleOf(memory.templateVersion, memory.jurisdiction as Jurisdiction, t.templateKey, memory.deceasedName);
  return {
    id: t.id,
    templateKey: t.templateKey,
    title: t.title,
    category: t.category as MemoryTask['category'],
    priority: t.priority,
    urgency: t.urgency as MemoryTask['urgency'],
    deadlineDays: t.deadlineDays,
    deadlineMonths: t.deadlineMonths,
    deadlineLabel: t.deadlineLabel,
    deadlineNote: t.deadlineNote,
    ...rule,
    // A memory projected before its task's limit was recorded still reads a date within the limit.
    dueDate: withinLimit(isoDate(t.dueDate), rule.limit, isoDate(memory.dateOfDeath)),
    description: t.description,
    steps: strings(t.steps),
    documentsNeeded: strings(t.documentsNeeded),
    ...taskGuidanceOf(t),
    status: t.status as MemoryTask['status'],
    completedAt: iso(t.completedAt),
    completedBy: t.completedBy,
    settled: settlementOf(t),
  };
}

function toFile(f: FileRow): MemoryFile {
  return { id: f.id, fileName: f.fileName, fileSize: f.fileSize, fileType: f.fileType, uploadedAt: f.uploadedAt.toISOString(), url: fileUrl(f.caseId, f.id) };
}

function toDocument(d: DocumentRow, files: FileRow[]): MemoryDocument {
  return {
    id: d.id,
    templateKey: d.templateKey,
    title: d.title,
    category: d.category as MemoryDocument['category'],
    documentType: d.documentType,
    priority: d.priority,
    urgency: d.urgency as MemoryDocument['urgency'],
    multipleCopies: d.multipleCopies,
    recommendedCopies: d.recommendedCopies,
    description: d.description,
    whereToGet: d.whereToGet,
    cost: d.cost,
    neededFor: strings(d.neededFor),
    ...provenanceOf(d),
    additional: d.additional,
    collected: d.collected,
    collectedAt: iso(d.collectedAt),
    settled: settlementOf(d),
    files: files.map(toFile),
  };
}

function toNote(n: NoteRow): MemoryNote {
  return {
    id: n.id,
    title: n.title,
    content: n.content,
    category: n.category as MemoryNote['category'],
    version: n.version,
    createdAt: n.createdAt.toISOString(),
    updatedAt: n.updatedAt.toISOString(),
    createdBy: n.createdBy,
    updatedBy: n.updatedBy,
  };
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID.test(value);

/**
 * The ids of the memories a person can see, each part from its own index: their own by `cases.user_id`,
 * the shared ones by `case_members.user_id`. Not `user_id = … OR id IN (…)`: an OR cannot use either index,
 * so every memory would be scanned and each asked the row-level-security check for shared access.
 */
const VISIBLE_CASES = `
  SELECT c.id, NULL::text AS role FROM cases c WHERE c.user_id = $1
  UNION ALL
  SELECT m.case_id, m.role FROM case_members m WHERE m.user_id = $1`;

/**
 * The dashboard: the person's own memories and those shared with them, newest first, in one statement (the
 * name of who shared one is looked up only for those, by app_case_owner_name: asking app_case_people for
 * it ran that function's whole plan again for every shared memory, 1.5 to 2.5 ms each).
 */
export async function listMemories(prisma: PrismaClient, userId: string): Promise<MemorySummary[]> {
  const rows = await readAsUser<{ memory: Record<string, unknown>; role: MemoryRole | null; owner_name: string | null }>(
    prisma,
    userId,
    `SELECT row_to_json(c) AS memory, v.role,
       CASE WHEN v.role IS NOT NULL THEN app_case_owner_name(c.id) END AS owner_name
     FROM (${VISIBLE_CASES}) v JOIN cases c ON c.id = v.id
     ORDER BY c.created_at DESC`,
    [userId],
  );
  return rows.map((r) => {
    const memory = revive<CaseRow>(r.memory);
    return memory.userId === userId ? toSummary(memory) : toSummary(memory, { role: r.role ?? 'viewer', ownerName: r.owner_name || null });
  });
}

/** What `userId` is to a memory owned by `ownerId` with these people on it. */
function accessFrom(ownerId: string, people: MemoryPerson[], userId: string): MemoryAccess {
  if (ownerId === userId) return OWN;
  // Row-level security showed the memory, so the person is on it; viewer is the least a reader can be.
  const role = people.find((p) => p.id === userId)?.role ?? 'viewer';
  return { role, ownerName: people.find((p) => p.role === 'owner')?.name || null };
}

const DATE_COLUMN = /(_at|^date_of_death|^date_of_birth|^due_date)$/;

/** Per column name: its camelCase key, and whether it holds a date. Worked out once, not per row. */
const COLUMNS = new Map<string, { key: string; date: boolean }>();
function columnOf(column: string): { key: string; date: boolean } {
  let known = COLUMNS.get(column);
  if (!known) COLUMNS.set(column, (known = { key: column.replace(/_([a-z])/g, (_m, c: string) => c.toUpperCase()), date: DATE_COLUMN.test(column) }));
  return known;
}

/** A row as PostgreSQL's row_to_json gives it, in the shape Prisma gives it (camelCase keys, Dates). */
function revive<T>(json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const column in json) {
    const value = json[column];
    const { key, date } = columnOf(column);
    row[key] = date && typeof value === 'string' ? new Date(value.length === 10 ? `${value}T00:00:00Z` : value) : value;
  }
  return row as T;
}

interface DetailRow {
  memory: Record<string, unknown> | null;
  tasks: Record<string, unknown>[];
  documents: Record<string, unknown>[];
  files: Record<string, unknown>[];
  notes: Record<string, unknown>[];
  people: { user_id: string; name: string; role: MemoryRole }[];
}

/**
 * One memory with its whole checklist, files and notes; null when it is not this user's (or not there).
 * One statement, so opening a memory costs one round trip inside its row-level-secured transaction.
 */
export async function getMemoryDetail(prisma: PrismaClient, userId: string, caseId: string): Promise<MemoryDetail | null> {
  if (!isUuid(caseId)) return null;
  const [row] = await readAsUser<DetailRow>(
    prisma,
    userId,
    `SELECT
       (SELECT row_to_json(c) FROM cases c WHERE c.id = $1::uuid) AS memory,
       (SELECT coalesce(json_agg(t ORDER BY t.sort), '[]') FROM case_tasks t WHERE t.case_id = $1::uuid) AS tasks,
       (SELECT coalesce(json_agg(d ORDER BY d.sort), '[]') FROM case_documents d WHERE d.case_id = $1::uuid) AS documents,
       (SELECT coalesce(json_agg(f ORDER BY f.uploaded_at, f.id), '[]') FROM case_files f
         WHERE f.case_id = $1::uuid AND f.document_id IS NOT NULL) AS files,
       (SELECT coalesce(json_agg(n ORDER BY n.created_at DESC), '[]') FROM case_notes n WHERE n.case_id = $1::uuid) AS notes,
       (SELECT coalesce(json_agg(json_build_object('user_id', p.user_id, 'name', p.name, 'role', p.role)
         ORDER BY CASE p.role WHEN 'owner' THEN 0 ELSE 1 END, p.added_at, p.user_id), '[]')
         FROM app_case_people($1::uuid) p) AS people`,
    [caseId],
  );
  return row?.memory ? toDetail(row, userId) : null;
}

/**
 * Every memory of this user, each whole (a dashboard's first load), newest first: one statement, the same
 * shape as getMemoryDetail, so a page with many memories reads them in one round trip, not one each.
 */
export async function listMemoryDetails(prisma: PrismaClient, userId: string): Promise<MemoryDetail[]> {
  const rows = await readAsUser<DetailRow>(
    prisma,
    userId,
    `SELECT
        row_to_json(c) AS memory,
        (SELECT coalesce(json_agg(t ORDER BY t.sort), '[]') FROM case_tasks t WHERE t.case_id = c.id) AS tasks,
        (SELECT coalesce(json_agg(d ORDER BY d.sort), '[]') FROM case_documents d WHERE d.case_id = c.id) AS documents,
        (SELECT coalesce(json_agg(f ORDER BY f.uploaded_at, f.id), '[]') FROM case_files f
          WHERE f.case_id = c.id AND f.document_id IS NOT NULL) AS files,
        (SELECT coalesce(json_agg(n ORDER BY n.created_at DESC), '[]') FROM case_notes n WHERE n.case_id = c.id) AS notes,
        (SELECT coalesce(json_agg(json_build_object('user_id', p.user_id, 'name', p.name, 'role', p.role)
          ORDER BY CASE p.role WHEN 'owner' THEN 0 ELSE 1 END, p.added_at, p.user_id), '[]')
          FROM app_case_people(c.id) p) AS people
      FROM (${VISIBLE_CASES}) v JOIN cases c ON c.id = v.id
      ORDER BY c.created_at DESC`,
    [userId],
  );
  return rows.map((row) => toDetail(row, userId));
}

function toDetail(row: DetailRow, userId: string): MemoryDetail {
  const files = row.files.map((f) => revive<FileRow>(f));
  const filesByDocument = new Map<string, FileRow[]>();
  for (const f of files) filesByDocument.set(f.documentId!, [...(filesByDocument.get(f.documentId!) ?? []), f]);
  const memory = revive<CaseRow>(row.memory!);
  const people: MemoryPerson[] = row.people.map((p) => ({ id: p.user_id, name: p.name, role: p.role }));
  return {
    memory: toSummary(memory, accessFrom(memory.userId, people, userId)),
    people,
    tasks: row.tasks.map((t) => toTask(revive<TaskRow>(t), memory)),
    documents: row.documents.map((d) => {
      const document = revive<DocumentRow>(d);
      return toDocument(document, filesByDocument.get(document.id) ?? []);
    }),
    notes: row.notes.map((n) => toNote(revive<NoteRow>(n))),
  };
}

/** A file of this user's memory (a document file or the photo), or null. */
export async function findOwnedFile(prisma: PrismaClient, userId: string, caseId: string, fileId: string): Promise<FileRow | null> {
  if (!isUuid(caseId) || !isUuid(fileId)) return null;
  return withUser(prisma, userId, (tx) => tx.caseFile.findFirst({ where: { id: fileId, caseId } }));
}

/** The memory's photo file, or null. */
export async function findOwnedPhoto(prisma: PrismaClient, userId: string, caseId: string): Promise<FileRow | null> {
  if (!isUuid(caseId)) return null;
  return withUser(prisma, userId, async (tx) => {
    const row = await tx.case.findUnique({ where: { id: caseId }, select: { photoFileId: true } });
    return row?.photoFileId ? tx.caseFile.findFirst({ where: { id: row.photoFileId, caseId } }) : null;
  });
}
