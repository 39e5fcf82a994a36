import type { MemoryDetail } from '@afterwards/contracts';
import { exportFileName, planMemoryExport, safeName } from './memory-export-contents';

const at = '2026-03-10T09:00:00.000Z';
const progress = {
  tasksTotal: 2,
  tasksCompleted: 1,
  tasksInProgress: 0,
  documentsTotal: 2,
  documentsCollected: 1,
  documentsAdditional: 1,
  documentsLegal: 1,
  documentsFinancial: 0,
  tasksSettled: 1,
  documentsSettled: 0,
  percent: 75,
};
const task = (id: string, title: string, extra: Partial<MemoryDetail['tasks'][number]>) => ({
  id,
  templateKey: null,
  title,
  category: 'immediate',
  priority: 1,
  urgency: 'high',
  deadlineDays: null,
  deadlineMonths: null,
  deadlineLabel: null,
  deadlineNote: null,
  dueDate: null,
  description: null,
  cost: null,
  status: 'pending',
  completedAt: null,
  settled: null,
  ...extra,
});
const file = (id: string, fileName: string) => ({ id, fileName, fileSize: 1000, fileType: 'application/pdf', uploadedAt: at, url: `/api/memories/m/files/${id}` });

/** Just enough of a memory, shaped loosely: the builder only reads the fields it writes out. */
const detail = {
  memory: {
    id: 'm',
    name: 'Mum',
    deceasedName: 'Margaret <Ellis>',
    jurisdiction: 'England',
    relationship: 'Child',
    dateOfDeath: '2026-03-09',
    dateOfBirth: null,
    placeOfDeath: null,
    photo: { url: '/api/memories/m/photo?v=p1', thumbnailUrl: '', fileType: 'image/png', fileSize: 300 },
    templateVersion: 1,
    detailsVersion: 1,
    createdAt: at,
    updatedAt: at,
    progress,
  },
  tasks: [
    task('t1', 'Register the death', { status: 'complete', completedAt: at }),
    task('t2', 'Cancel the pension', { settled: { kind: 'not_needed', reason: 'No pension', settledAt: at } }),
  ],
  documents: [
    {
      id: 'd1',
      templateKey: null,
      title: 'Will / testament',
      category: 'legal',
      documentType: 'will',
      additional: false,
      collected: true,
      collectedAt: at,
      settled: null,
      whereToGet: 'Solicitor',
      cost: '',
      neededFor: ['Probate'],
      files: [file('f1', 'will.pdf'), file('f2', 'will.pdf')],
    },
    {
      id: 'd2',
      templateKey: null,
      title: 'Bank letter',
      category: 'additional',
      documentType: 'additional',
      additional: true,
      collected: false,
      collectedAt: null,
      settled: null,
      whereToGet: '',
      cost: '',
      neededFor: [],
      files: [],
    },
  ],
  notes: [{ id: 'n1', title: 'Funeral', category: 'general', content: 'She wanted lilies & <roses>', version: 1, createdAt: at, updatedAt: at }],
} as unknown as MemoryDetail;

describe('what a memory zip holds', () => {
  it('lists the summary, the JSON files and every stored file under a safe, unique path', () => {
    const plan = planMemoryExport(detail, 'p1', new Date(at));
    expect(plan.entries.map((e) => e.path)).toEqual([
      'summary.html',
      'memory.json',
      'checklist.json',
      'notes.json',
      'photo/photo.png',
      'documents/Will testament/will.pdf',
      'documents/Will testament/will (2).pdf',
    ]);
    expect(plan.entries.filter((e) => 'fileId' in e).map((e) => ('fileId' in e ? e.fileId : ''))).toEqual(['p1', 'f1', 'f2']);
  });

  it('writes the checklist with every state: completed, settled with its reason, collected, and where each file is', () => {
    const plan = planMemoryExport(detail, 'p1', new Date(at));
    const checklist = JSON.parse((plan.entries.find((e) => e.path === 'checklist.json') as { text: string }).text);
    expect(checklist.tasks).toEqual([
      expect.objectContaining({ title: 'Register the death', state: 'Completed', status: 'complete', completedAt: at, settled: null }),
      expect.objectContaining({ title: 'Cancel the pension', state: 'Not needed', settled: { kind: 'not_needed', label: 'Not needed', reason: 'No pension', settledAt: at } }),
    ]);
    expect(checklist.documents[0]).toMatchObject({
      title: 'Will / testament',
      state: 'Collected',
      collected: true,
      files: [{ fileName: 'will.pdf', path: 'documents/Will testament/will.pdf' }, { path: 'documents/Will testament/will (2).pdf' }],
    });
    expect(checklist.documents[1]).toMatchObject({ state: 'Not collected yet', additional: true });
    // No API addresses leak into the zip: they mean nothing outside the product.
    expect(plan.entries.map((e) => ('text' in e ? e.text : '')).join('')).not.toContain('/api/');
  });

  it('escapes what the family typed in the summary page, and links each file inside the zip', () => {
    const html = (planMemoryExport(detail, 'p1', new Date(at)).entries[0] as { text: string }).text;
    expect(html).toContain('Margaret &lt;Ellis&gt;');
    expect(html).toContain('She wanted lilies &amp; &lt;roses&gt;');
    expect(html).not.toContain('<roses>');
    expect(html).toContain('href="documents/Will%20testament/will%20(2).pdf"');
    expect(html).toContain('Not needed (No pension)');
    expect(html).not.toMatch(/<script/i);
  });

  it('names the zip after the memory and the day, and files safely', () => {
    expect(exportFileName('Mum & Dad’s things', new Date(at))).toBe('afterwards-mum-dads-things-2026-03-10.zip');
    expect(exportFileName('محمد', new Date(at))).toBe('afterwards-memory-2026-03-10.zip');
    expect(safeName('../../etc/passwd', 'x')).toBe('etc passwd');
    expect(safeName('  ', 'Document')).toBe('Document');
  });
});
