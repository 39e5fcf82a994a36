import { describe, expect, it } from '@jest/globals';
import { formatFileSize, planDocumentUpload, uploadSummary } from './upload';

const file = (name: string, size = 1000) => ({ name, size });

describe('planDocumentUpload', () => {
  it('accepts every allowed type when slots remain', () => {
    const chosen = ['a.pdf', 'b.JPG', 'c.jpeg', 'd.png', 'e.docx'].map((n) => file(n));
    expect(planDocumentUpload(0, chosen)).toEqual({ accepted: chosen, rejected: [], warning: null, error: null });
  });

  it('refuses everything when the section already holds 5 files', () => {
    expect(planDocumentUpload(5, [file('a.pdf')])).toEqual({
      accepted: [],
      rejected: [],
      warning: null,
      error: 'Maximum 5 files per section. Please delete some files first.',
    });
  });

  it('keeps only the first files that fit, with the spec warning (six at once)', () => {
    const six = [1, 2, 3, 4, 5, 6].map((n) => file(`f${n}.pdf`));
    const plan = planDocumentUpload(0, six);
    expect(plan.accepted.map((f) => f.name)).toEqual(['f1.pdf', 'f2.pdf', 'f3.pdf', 'f4.pdf', 'f5.pdf']);
    expect(plan.warning).toBe('Only first 5 files will be uploaded (6 selected)');
    expect(planDocumentUpload(3, six).warning).toBe('Only first 2 files will be uploaded (6 selected)');
  });

  it('refuses each file over 5 MB or of another type, and uploads the rest (partial upload)', () => {
    const plan = planDocumentUpload(0, [file('ok.pdf'), file('big.pdf', 5_242_881), file('edge.png', 5_242_880), file('run.exe'), file('noext')]);
    expect(plan.accepted.map((f) => f.name)).toEqual(['ok.pdf', 'edge.png']);
    expect(plan.rejected.map((r) => r.message)).toEqual([
      'File big.pdf is too large (max 5MB)',
      'File run.exe is not a PDF, JPG, PNG, DOC or DOCX file',
      'File noext is not a PDF, JPG, PNG, DOC or DOCX file',
    ]);
  });
});

describe('uploadSummary', () => {
  it('uses the spec wording for all, some and none uploaded', () => {
    expect(uploadSummary(3, 0, 'Death certificate')).toEqual({ tone: 'success', message: '3 file(s) uploaded successfully to Death certificate!' });
    expect(uploadSummary(2, 1, 'Will')).toEqual({ tone: 'warning', message: '2 file(s) uploaded, 1 failed' });
    expect(uploadSummary(0, 2, 'Will')).toEqual({ tone: 'error', message: 'Failed to upload 2 file(s)' });
  });
});

describe('formatFileSize', () => {
  it('shows KB with one decimal', () => {
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(5_242_880)).toBe('5120.0 KB');
  });
});
