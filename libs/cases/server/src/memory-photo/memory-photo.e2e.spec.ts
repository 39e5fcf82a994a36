import sharp from 'sharp';
import type { MemoryDetail } from '@afterwards/contracts';
import type { HttpSession } from '@afterwards/testing';
import { createMemory, pdfWith, uploadBytes, useMemoriesProduct } from '@afterwards/testing/memories';

/** A memory's photo over HTTP, against the built product on PostgreSQL and Redis (one product for the file). */
describe("A memory's photo over HTTP (services profile)", () => {
  let ann: HttpSession;
  useMemoriesProduct((started) => ({ ann } = started));

  it('keeps a memory photo (checked by content) and serves a thumbnail', async () => {
    const memory = await createMemory(ann, { name: 'Photo', deceasedName: 'Lily Shaw', jurisdiction: 'Ireland' });
    const id = memory.memory.id;
    const png = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#7799bb' } })
      .png()
      .toBuffer();
    const set = await uploadBytes(ann, `/api/memories/${id}/photo`, png, 'lily.png', 'PUT');
    expect(set.status).toBe(200);
    expect(set.body.memory.photo).toMatchObject({ fileType: 'image/png' });
    const thumb = await ann.fetch(set.body.memory.photo!.thumbnailUrl);
    expect(thumb.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect(meta.width).toBe(256);
    const notImage = await uploadBytes(ann, `/api/memories/${id}/photo`, pdfWith('x'), 'lily.png', 'PUT');
    expect(notImage.body).toMatchObject({ code: 'PHOTO_TYPE_NOT_ALLOWED', detail: 'Please select a valid image file (JPEG, PNG, GIF, or WebP)' });
    const removed = await ann.json<MemoryDetail>(`/api/memories/${id}/photo`, { method: 'DELETE' });
    expect(removed.body.memory.photo).toBeNull();
  });
});
