import { SETTLEMENT_LABELS, type MemoryDetail, type MemoryDocument, type MemoryTask, type Settlement } from '@afterwards/contracts';
import { fileNameSlug } from '@afterwards/server-kit';

/** One entry of the zip: text written here, bytes another context made (a letter's PDF), or a stored file (decrypted as it is added). */
export type ExportEntry =
  | { readonly path: string; readonly text: string }
  | { readonly path: string; readonly bytes: Uint8Array }
  | { readonly path: string; readonly fileId: string; readonly size: number };

/** Version of the JSON layout below, so a reader of an old zip knows what it holds. */
export const EXPORT_FORMAT_VERSION = 1;

const FOLDER_NAME_MAX = 60;

/** A file or folder name every system accepts: no separators, control or reserved characters, not too long. */
export function safeName(name: string, fallback: string): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+|[\s.]+$/g, '')
    .slice(0, FOLDER_NAME_MAX)
    .trim();
  return cleaned || fallback;
}

/** "Mum" opened on 25 Nov 2026 → afterwards-mum-2026-11-25.zip */
export function exportFileName(memoryName: string, day: Date): string {
  return `afterwards-${fileNameSlug(memoryName, 40) || 'memory'}-${day.toISOString().slice(0, 10)}.zip`;
}

/** Two files of the same name in one folder: the later ones get " (2)", " (3)" before the extension. */
function uniquePath(taken: Set<string>, folder: string, fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [fileName.slice(0, dot), fileName.slice(dot)] : [fileName, ''];
  let candidate = `${folder}/${fileName}`;
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${folder}/${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

const PHOTO_EXTENSIONS: Record<string, string> = { 'image/jpeg': '.jpg', 'image/png': '.png', 'image/gif': '.gif', 'image/webp': '.webp' };

const settlementView = (s: Settlement | null) => (s ? { kind: s.kind, label: SETTLEMENT_LABELS[s.kind], reason: s.reason, settledAt: s.settledAt } : null);

function taskState(t: MemoryTask): string {
  if (t.settled) return SETTLEMENT_LABELS[t.settled.kind];
  if (t.status === 'complete') return 'Completed';
  if (t.status === 'in_progress') return 'In progress';
  return 'To do';
}

function documentState(d: MemoryDocument): string {
  if (d.settled) return SETTLEMENT_LABELS[d.settled.kind];
  return d.collected ? 'Collected' : 'Not collected yet';
}

export interface ExportPlan {
  readonly entries: ExportEntry[];
  /** The checklist as written to checklist.json (tests read it back from the zip). */
  readonly checklist: unknown;
}

/** The memory's own details as memory.json and the summary page give them. */
function exportedMemory(m: MemoryDetail['memory'], photo: string | null) {
  return {
    name: m.name,
    deceasedName: m.deceasedName,
    jurisdiction: m.jurisdiction,
    relationship: m.relationship,
    dateOfDeath: m.dateOfDeath,
    dateOfBirth: m.dateOfBirth,
    placeOfDeath: m.placeOfDeath,
    photo,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    progress: m.progress,
  };
}

/**
 * Everything of one memory as zip entries: the summary page, the details, checklist and notes as JSON,
 * and every stored file (the photo, each document's files) under a folder per document. Addresses of the
 * API are left out: they mean nothing outside the product. `photoFileId` comes from the read model.
 */
export function planMemoryExport(detail: MemoryDetail, photoFileId: string | null, exportedAt: Date): ExportPlan {
  const taken = new Set<string>(['summary.html', 'memory.json', 'checklist.json', 'notes.json']);
  const m = detail.memory;
  const files: ExportEntry[] = [];
  let photoPath: string | null = null;
  if (m.photo && photoFileId) {
    photoPath = uniquePath(taken, 'photo', `photo${PHOTO_EXTENSIONS[m.photo.fileType] ?? ''}`);
    files.push({ path: photoPath, fileId: photoFileId, size: m.photo.fileSize });
  }
  const documents = detail.documents.map((d) => {
    const folder = `documents/${safeName(d.title, 'Document')}`;
    return {
      title: d.title,
      category: d.category,
      additional: d.additional,
      state: documentState(d),
      collected: d.collected,
      collectedAt: d.collectedAt,
      settled: settlementView(d.settled),
      whereToGet: d.whereToGet,
      cost: d.cost,
      neededFor: d.neededFor,
      files: d.files.map((f) => {
        const path = uniquePath(taken, folder, safeName(f.fileName, 'file'));
        files.push({ path, fileId: f.id, size: f.fileSize });
        return { fileName: f.fileName, fileType: f.fileType, fileSize: f.fileSize, uploadedAt: f.uploadedAt, path };
      }),
    };
  });
  const tasks = detail.tasks.map((t) => ({
    title: t.title,
    category: t.category,
    state: taskState(t),
    status: t.status,
    completedAt: t.completedAt,
    settled: settlementView(t.settled),
    dueDate: t.dueDate,
    deadlineLabel: t.deadlineLabel,
    description: t.description,
    cost: t.cost,
  }));
  const memory = exportedMemory(m, photoPath);
  const notes = detail.notes.map((n) => ({ title: n.title, category: n.category, content: n.content, createdAt: n.createdAt, updatedAt: n.updatedAt }));
  const head = { format: EXPORT_FORMAT_VERSION, exportedAt: exportedAt.toISOString() };
  const checklist = { ...head, tasks, documents };
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  return {
    checklist,
    entries: [
      { path: 'summary.html', text: summaryHtml({ memory, tasks, documents, notes, exportedAt }) },
      { path: 'memory.json', text: json({ ...head, memory }) },
      { path: 'checklist.json', text: json(checklist) },
      { path: 'notes.json', text: json({ ...head, notes }) },
      ...files,
    ],
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (value: string | number | null | undefined): string => String(value ?? '').replace(/[&<>"']/g, (c) => ESCAPES[c]!);
const day = (iso: string | null): string => (iso ? new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }) : '');
/** A relative link inside the zip, each segment escaped for a URL. */
const href = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** The readable page: prints well on paper (many families still rely on it), no scripts, no outside requests. */
function summaryHtml(p: {
  memory: ReturnType<typeof exportedMemory>;
  tasks: { title: string; category: string; state: string; completedAt: string | null; settled: { reason: string | null; settledAt: string } | null; dueDate: string | null }[];
  documents: {
    title: string;
    category: string;
    state: string;
    collectedAt: string | null;
    settled: { reason: string | null } | null;
    files: { fileName: string; path: string }[];
  }[];
  notes: { title: string; category: string; content: string; createdAt: string }[];
  exportedAt: Date;
}): string {
  const m = p.memory;
  const facts: [string, string | null][] = [
    ['Person who died', m.deceasedName],
    ['Jurisdiction', m.jurisdiction],
    ['Your relationship', m.relationship],
    ['Date of birth', day(m.dateOfBirth) || null],
    ['Date of death', day(m.dateOfDeath) || null],
    ['Place of death', m.placeOfDeath],
    ['Progress', `${m.progress.percent}%`],
  ];
  const when = (iso: string | null) => (iso ? ` on ${esc(day(iso))}` : '');
  const taskRows = p.tasks
    .map((t) => {
      const reason = t.settled?.reason ? ` (${esc(t.settled.reason)})` : '';
      return `<tr><td>${esc(t.title)}</td><td>${esc(t.category)}</td><td>${esc(t.state)}${t.state === 'Completed' ? when(t.completedAt) : ''}${reason}</td><td>${esc(day(t.dueDate))}</td></tr>`;
    })
    .join('\n');
  const documentRows = p.documents
    .map((d) => {
      const reason = d.settled?.reason ? ` (${esc(d.settled.reason)})` : '';
      const links = d.files.map((f) => `<a href="${esc(href(f.path))}">${esc(f.fileName)}</a>`).join('<br>');
      return `<tr><td>${esc(d.title)}</td><td>${esc(d.category)}</td><td>${esc(d.state)}${d.state === 'Collected' ? when(d.collectedAt) : ''}${reason}</td><td>${links}</td></tr>`;
    })
    .join('\n');
  const notes = p.notes.length
    ? p.notes
        .map((n) => `<article><h3>${esc(n.title)}</h3><p class="meta">${esc(n.category)} · ${esc(day(n.createdAt))}</p><p class="note">${esc(n.content)}</p></article>`)
        .join('\n')
    : '<p>No notes.</p>';
  return `<!doctype html>
<html lang="en-GB">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(m.name)}: everything in Afterwards</title>
<style>
body { font-family: system-ui, sans-serif; line-height: 1.5; margin: 2rem auto; max-width: 60rem; padding: 0 1rem; color: #1f2937; }
table { border-collapse: collapse; width: 100%; margin-bottom: 2rem; }
th, td { border: 1px solid #d1d5db; padding: 0.4rem 0.6rem; text-align: left; vertical-align: top; }
th { background: #f3f4f6; }
dl { display: grid; grid-template-columns: max-content 1fr; gap: 0.25rem 1rem; }
dt { font-weight: 600; }
.meta { color: #4b5563; font-size: 0.9rem; margin: 0; }
.note { white-space: pre-wrap; }
@media print { a { color: inherit; } table { page-break-inside: auto; } tr { page-break-inside: avoid; } }
</style>
</head>
<body>
<h1>${esc(m.name)}</h1>
<p class="meta">Downloaded from Afterwards on ${esc(day(p.exportedAt.toISOString()))}. The same information is in memory.json, checklist.json and notes.json.</p>
${m.photo ? `<p><img src="${esc(href(m.photo))}" alt="Photo of ${esc(m.deceasedName)}" style="max-width: 12rem"></p>` : ''}
<dl>
${facts
  .filter(([, v]) => v)
  .map(([k, v]) => `<dt>${esc(k)}</dt><dd>${esc(v)}</dd>`)
  .join('\n')}
</dl>
<h2>Tasks</h2>
<table><thead><tr><th scope="col">Task</th><th scope="col">Category</th><th scope="col">State</th><th scope="col">Due</th></tr></thead>
<tbody>
${taskRows}
</tbody></table>
<h2>Documents</h2>
<table><thead><tr><th scope="col">Document</th><th scope="col">Category</th><th scope="col">State</th><th scope="col">Files</th></tr></thead>
<tbody>
${documentRows}
</tbody></table>
<h2>Notes</h2>
${notes}
</body>
</html>
`;
}
