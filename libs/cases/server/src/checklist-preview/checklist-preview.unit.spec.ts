import { generateChecklist } from '@afterwards/checklist-domain';
import { ChecklistPreviewController } from './checklist-preview.http.controller';

describe('the checklist preview on the empty Tasks and Documents tabs', () => {
  const route = new ChecklistPreviewController();

  it("is the template's checklist for the jurisdiction asked for, with preview ids, in the contract's shape only", () => {
    const preview = route.preview('Ireland');
    const template = generateChecklist({ jurisdiction: 'Ireland', deceasedName: 'the person who died' }, () => 'id');
    expect(preview).toMatchObject({ jurisdiction: 'Ireland', templateVersion: template.templateVersion });
    expect(preview.tasks.map((t) => t.templateKey)).toEqual(template.tasks.map((t) => t.templateKey));
    expect(preview.tasks.map((t) => t.templateKey)).toContain('tell-government-ie');
    expect(preview.documents.map((d) => d.templateKey)).toEqual(template.documents.map((d) => d.templateKey));
    // Numbered across tasks, then documents: ids only the preview uses.
    const ids = [...preview.tasks, ...preview.documents].map((item) => item.id);
    expect(ids).toEqual(ids.map((_id, i) => `preview-${i + 1}`));
    // The domain's own fields (taskName, documentName) do not reach the answer.
    expect(preview.tasks.some((t) => 'taskName' in t)).toBe(false);
    expect(preview.documents.some((d) => 'documentName' in d)).toBe(false);
  });

  it('speaks of "the person who died", and falls back to England for a missing or unknown jurisdiction', () => {
    expect(JSON.stringify(route.preview('Scotland'))).toContain('the person who died');
    for (const asked of [undefined, 'Narnia', 'england']) {
      const preview = route.preview(asked);
      expect(preview.jurisdiction).toBe('England');
      expect(preview.tasks.map((t) => t.templateKey)).toContain('tell-us-once');
    }
  });
});
