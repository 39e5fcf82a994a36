import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { TemplateFileSchema, TaskTemplateFileSchema } from './template.schema';
import { LATEST_TEMPLATE_VERSION, TEMPLATE_SETS } from './templates';

const dir = fileURLToPath(new URL('../templates/', import.meta.url));
const files = readdirSync(dir).filter((f) => f.endsWith('.json'));

function validTaskFile() {
  return {
    kind: 'tasks',
    version: '2026-01-01',
    items: [
      {
        key: 'register-death',
        title: 'Register the death',
        category: 'immediate',
        urgency: 'critical',
        deadlineDays: 5,
        deadlineKind: 'statutory',
        lateNote: 'You can still register the death.',
        description: 'Register the death of {deceasedName}.',
        steps: ['Book an appointment'],
        documentsNeeded: [],
        estimatedTime: '1 hour',
        cost: 'Free',
        whyNeeded: 'Needed for everything else.',
        howToComplete: 'Contact the register office.',
        externalUrl: 'https://www.gov.uk/register-a-death',
        source: 'https://www.gov.uk/register-a-death',
        lastReviewed: '2026-01-01',
      },
    ],
  };
}

describe('checklist template files', () => {
  it('has at least one tasks file and one documents file', () => {
    expect(files.some((f) => f.endsWith('.tasks.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('.documents.json'))).toBe(true);
  });

  it.each(files)('%s passes the template schema', (name) => {
    const raw: unknown = JSON.parse(readFileSync(`${dir}${name}`, 'utf8'));
    const result = TemplateFileSchema.safeParse(raw);
    expect(result.success ? [] : result.error.issues).toEqual([]);
    // The file name carries the version and the kind, so two versions can sit side by side.
    const parsed = result.data!;
    expect(name).toBe(`${parsed.version}.${parsed.kind}.json`);
  });

  it('registers every version found on disk', () => {
    const versions = new Set(files.map((f) => f.split('.')[0]));
    expect([...TEMPLATE_SETS.keys()].sort()).toEqual([...versions].sort());
    expect(LATEST_TEMPLATE_VERSION).toBe([...versions].sort().at(-1));
  });

  it('holds the spec 12 tasks per jurisdiction and its 20 documents', () => {
    const set = TEMPLATE_SETS.get(LATEST_TEMPLATE_VERSION)!;
    expect(set.documents.items).toHaveLength(20);
    for (const j of ['England', 'Wales', 'Scotland', 'Northern Ireland', 'Ireland'] as const) {
      expect(set.tasks.items.filter((i) => !i.jurisdictions || i.jurisdictions.includes(j))).toHaveLength(12);
    }
  });

  it('accepts a minimal valid file', () => {
    expect(TaskTemplateFileSchema.safeParse(validTaskFile()).success).toBe(true);
  });

  const broken: [string, (f: ReturnType<typeof validTaskFile>) => void, string][] = [
    ['a source that is not https', (f) => ((f.items[0] as Record<string, unknown>).source = 'http://example.org'), 'source'],
    ['a review date that is not a date', (f) => ((f.items[0] as Record<string, unknown>).lastReviewed = '2026-02-30'), 'lastReviewed'],
    ['an unknown placeholder', (f) => ((f.items[0] as Record<string, unknown>).description = 'Register {name}'), 'description'],
    ['an unknown field (typo)', (f) => ((f.items[0] as Record<string, unknown>).cots = 'Free'), ''],
    ['an unknown category', (f) => ((f.items[0] as Record<string, unknown>).category = 'soon'), 'category'],
    ['a negative deadline', (f) => ((f.items[0] as Record<string, unknown>).deadlineDays = -1), 'deadlineDays'],
    ['an unknown jurisdiction', (f) => ((f.items[0] as Record<string, unknown>).jurisdictions = ['Wessex']), 'jurisdictions'],
    [
      'an override for a jurisdiction the item does not cover',
      (f) => Object.assign(f.items[0]!, { jurisdictions: ['England'], overrides: { Scotland: { deadlineDays: 8 } } }),
      'overrides',
    ],
    ['an override with an unknown field', (f) => Object.assign(f.items[0]!, { overrides: { Scotland: { deadline: 8 } } }), 'overrides'],
    ['a duplicate key', (f) => f.items.push({ ...f.items[0]! }), 'key'],
    ['a task without a deadline kind', (f) => delete (f.items[0] as Record<string, unknown>).deadlineKind, 'deadlineKind'],
    ['an unknown deadline kind', (f) => ((f.items[0] as Record<string, unknown>).deadlineKind = 'soft'), 'deadlineKind'],
    ['a legal deadline with nothing to say once it has passed', (f) => delete (f.items[0] as Record<string, unknown>).lateNote, ''],
    [
      'a suggested timing with a legal basis or late note',
      (f) => Object.assign(f.items[0]!, { overrides: { Scotland: { deadlineKind: 'suggested', deadlineBasis: 'working-days' } } }),
      'overrides.Scotland',
    ],
    ['months counted in working days', (f) => Object.assign(f.items[0]!, { deadlineMonths: 3, deadlineBasis: 'working-days' }), ''],
  ];
  it.each(broken)('rejects %s', (_what, breakIt, path) => {
    const file = validTaskFile();
    breakIt(file);
    const result = TaskTemplateFileSchema.safeParse(file);
    expect(result.success).toBe(false);
    expect(result.error!.issues.some((i) => i.path.join('.').includes(path))).toBe(true);
  });
});
