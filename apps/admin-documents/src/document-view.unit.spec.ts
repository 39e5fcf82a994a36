import { confidenceBadge, fileSize, missingFields, UPLOAD_PROGRESS } from './document-view';

describe('Document Processing view', () => {
  it('colours confidence as the spec says: 90 or more green, 70 or more yellow, otherwise red', () => {
    expect(confidenceBadge(100).tone).toBe('success');
    expect(confidenceBadge(90).tone).toBe('success');
    expect(confidenceBadge(89).tone).toBe('warning');
    expect(confidenceBadge(70).tone).toBe('warning');
    expect(confidenceBadge(69)).toEqual({ tone: 'danger', label: '69% confidence' });
  });

  it('steps uploads 30, 60 and 100, and names the fields the document did not give', () => {
    expect([UPLOAD_PROGRESS.uploading, UPLOAD_PROGRESS.processing, UPLOAD_PROGRESS.completed, UPLOAD_PROGRESS.error]).toEqual([30, 60, 100, 0]);
    expect(missingFields({ foundFields: ['businessName', 'category', 'phone'] })).toEqual(['location', 'address', 'email', 'website', 'description', 'pricing']);
    expect(fileSize(2_500_000)).toBe('2.4 MB');
  });
});
