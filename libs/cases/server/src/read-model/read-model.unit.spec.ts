import { provenanceOf, taskGuidanceOf } from './checklist-text';
import { fileUrl, isUuid, memoryUrl, toSummary } from './memory.queries';
import { dateColumn, isoDate } from './row-dates';

/** A memories row as Prisma reads it, with counts for the progress. */
const row = (photoFileId: string | null) =>
  ({
    id: '6f1c2a9e-8d1b-4c55-9a57-0d6f2f1b7e10',
    userId: 'user-ann',
    name: 'Mum',
    deceasedName: 'Margaret Ellis',
    jurisdiction: 'England',
    relationship: 'Child',
    dateOfDeath: dateColumn('2026-03-09'),
    dateOfBirth: null,
    placeOfDeath: null,
    photoFileId,
    photoType: photoFileId ? 'image/jpeg' : null,
    photoSize: photoFileId ? 2048 : null,
    templateVersion: '2026.1',
    detailsVersion: 3,
    createdAt: new Date('2026-03-10T09:00:00Z'),
    updatedAt: new Date('2026-03-11T09:00:00Z'),
    tasksTotal: 10,
    tasksCompleted: 3,
    tasksSettled: 1,
    tasksInProgress: 2,
    documentsTotal: 6,
    documentsCollected: 2,
    documentsSettled: 1,
    documentsAdditional: 1,
    documentsLegal: 2,
    documentsFinancial: 3,
  }) as unknown as Parameters<typeof toSummary>[0];

describe("the memories read model's shapes", () => {
  it('keeps a calendar date as midnight UTC in a date column, and gives it back as it was', () => {
    expect(dateColumn('2026-03-09')).toEqual(new Date('2026-03-09T00:00:00Z'));
    expect(isoDate(dateColumn('2026-03-09'))).toBe('2026-03-09');
    expect([dateColumn(null), dateColumn(undefined), dateColumn(''), isoDate(null)]).toEqual([null, null, null, null]);
  });

  it("sums a memory's tasks and documents through the one progress rule, and addresses its photo by the file's id", () => {
    const summary = toSummary(row('photo-2'));
    expect(summary).toMatchObject({ role: 'owner', ownerName: null, dateOfDeath: '2026-03-09', dateOfBirth: null, createdAt: '2026-03-10T09:00:00.000Z' });
    expect(summary.progress.tasks).toMatchObject({ total: 10, done: 4, inProgress: 2, open: 4 });
    expect(summary.progress.documents).toMatchObject({ total: 6, done: 3, inProgress: 0, open: 3 });
    expect(summary.progress.overall).toMatchObject({ total: 16, done: 7 });
    expect(summary.progress.percent).toBe(summary.progress.overall.percent);
    // A changed photo is a new address, so no cache shows the old one.
    expect(summary.photo).toEqual({
      url: `/api/memories/${summary.id}/photo?v=photo-2`,
      thumbnailUrl: `/api/memories/${summary.id}/photo?size=thumbnail&v=photo-2`,
      fileType: 'image/jpeg',
      fileSize: 2048,
    });
    expect(toSummary(row(null)).photo).toBeNull();
    expect(toSummary(row(null), { role: 'viewer', ownerName: 'Ann Ellis' })).toMatchObject({ role: 'viewer', ownerName: 'Ann Ellis' });
  });

  it('addresses memories and files under the memories path, and knows an id from anything else', () => {
    expect(memoryUrl('m-1')).toBe('/api/memories/m-1');
    expect(fileUrl('m-1', 'f-2')).toBe('/api/memories/m-1/files/f-2');
    expect(isUuid('6F1C2A9E-8D1B-4C55-9A57-0D6F2F1B7E10')).toBe(true);
    for (const notOne of ['', 'not-a-memory', '6f1c2a9e-8d1b-4c55-9a57-0d6f2f1b7e1', "6f1c2a9e-8d1b-4c55-9a57-0d6f2f1b7e10' OR 1=1"]) expect(isUuid(notOne)).toBe(false);
  });

  it("copies a task's guidance and provenance as they are, and nothing else of the row", () => {
    const provenance = { source: 'GOV.UK', lastReviewed: '2026-01-05', checkFigure: true, figureNote: 'Fee from April' };
    const guidance = { estimatedTime: '1 hour', cost: 'Free', whyNeeded: 'The law', howToComplete: 'Book it', externalUrl: 'https://www.gov.uk/register-a-death', ...provenance };
    expect(taskGuidanceOf({ ...guidance, title: 'Register the death', status: 'pending' } as typeof guidance)).toEqual(guidance);
    expect(provenanceOf({ ...provenance, title: 'Death certificate' } as typeof provenance)).toEqual(provenance);
  });
});
