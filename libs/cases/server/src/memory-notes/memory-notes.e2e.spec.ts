import type { MemoryDetail } from '@afterwards/contracts';
import type { HttpSession } from '@afterwards/testing';
import { createMemory, useMemoriesProduct } from '@afterwards/testing/memories';

/** A memory's notes over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe("A memory's notes over HTTP (services profile)", () => {
  let ann: HttpSession;
  useMemoriesProduct((started) => ({ ann } = started));

  it('keeps notes as text, refuses blank and stale edits', async () => {
    const memory = await createMemory(ann, { name: 'Notes', deceasedName: 'Ben Hale', jurisdiction: 'Northern Ireland' });
    const id = memory.memory.id;
    const added = await ann.json<MemoryDetail>(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'Call', content: '<b>Solicitor</b> rang', category: 'contact' } });
    expect(added.status).toBe(201);
    const note = added.body.notes[0]!;
    expect(note).toMatchObject({ title: 'Call', content: '<b>Solicitor</b> rang', category: 'contact', version: 0 });
    const blank = await ann.json(`/api/memories/${id}/notes`, { method: 'POST', json: { title: 'x', content: ' ' } });
    expect(blank.body).toMatchObject({ status: 400, detail: 'Please enter both title and content for the note.' });
    const edited = await ann.json<MemoryDetail>(`/api/memories/${id}/notes/${note.id}`, {
      method: 'PUT',
      json: { title: 'Call', content: 'Rang back', category: 'contact', expectedVersion: 0 },
    });
    expect(edited.body.notes[0]).toMatchObject({ content: 'Rang back', version: 1 });
    const stale = await ann.json(`/api/memories/${id}/notes/${note.id}`, { method: 'PUT', json: { title: 'Call', content: 'Old tab', expectedVersion: 0 } });
    expect(stale).toMatchObject({ status: 409, body: { code: 'NOTE_CHANGED' } });
    const deleted = await ann.json<MemoryDetail>(`/api/memories/${id}/notes/${note.id}`, { method: 'DELETE' });
    expect(deleted.body.notes).toEqual([]);
    // An unknown (or already deleted) note or additional document is a 404, not a silent 200.
    const again = await ann.json(`/api/memories/${id}/notes/${note.id}`, { method: 'DELETE' });
    expect(again).toMatchObject({ status: 404, body: { code: 'NOTE_NOT_FOUND' } });
    const unknownDocument = await ann.json(`/api/memories/${id}/additional-documents/no-such-document`, { method: 'DELETE' });
    expect(unknownDocument).toMatchObject({ status: 404, body: { code: 'DOCUMENT_NOT_FOUND' } });
  });
});
