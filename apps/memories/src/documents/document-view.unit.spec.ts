import { ApiError } from '../api';
import { additionalTitle, percentOf, queueUploads, updateUpload, uploadFailureMessage } from './document-view';

describe('uploadFailureMessage', () => {
  it("shows a server refusal's own message (the spec's text)", () => {
    const tooLarge = new ApiError(413, 'FILE_TOO_LARGE', 'File scan.pdf is too large (max 5MB)');
    expect(uploadFailureMessage(tooLarge, 'scan.pdf')).toBe('File scan.pdf is too large (max 5MB)');
    const wrongType = new ApiError(415, 'FILE_TYPE_NOT_ALLOWED', 'File a.exe is not a PDF, JPG, PNG, DOC or DOCX file');
    expect(uploadFailureMessage(wrongType, 'a.exe')).toBe('File a.exe is not a PDF, JPG, PNG, DOC or DOCX file');
  });

  it('names the file for network and server failures', () => {
    expect(uploadFailureMessage(new ApiError(0, 'NETWORK_ERROR', 'Network error. Please check your internet connection.'), 'will.pdf')).toBe(
      'Failed to save will.pdf: Network error. Please check your internet connection.',
    );
    expect(uploadFailureMessage(new ApiError(500, 'HTTP_500', ''), 'will.pdf')).toBe('Failed to save will.pdf: Unknown error');
    expect(uploadFailureMessage('boom', 'will.pdf')).toBe('Failed to save will.pdf: Unknown error');
  });
});

describe('upload progress list', () => {
  it('queues one entry per file and updates one at a time', () => {
    const list = queueUploads(7, [{ name: 'a.pdf' }, { name: 'b.png' }]);
    expect(list).toEqual([
      { key: '7-0', fileName: 'a.pdf', fraction: 0, state: 'queued' },
      { key: '7-1', fileName: 'b.png', fraction: 0, state: 'queued' },
    ]);
    const next = updateUpload(list, '7-1', { fraction: 0.5, state: 'uploading' });
    expect(next[0]).toBe(list[0]);
    expect(next[1]).toEqual({ key: '7-1', fileName: 'b.png', fraction: 0.5, state: 'uploading' });
  });

  it('gives whole percentages within 0 to 100', () => {
    expect(percentOf(0.456)).toBe(46);
    expect(percentOf(1.2)).toBe(100);
    expect(percentOf(-1)).toBe(0);
  });
});

describe('additionalTitle', () => {
  it('uses the typed title, else the file name', () => {
    expect(additionalTitle('  Funeral invoice ', 'inv.pdf')).toBe('Funeral invoice');
    expect(additionalTitle('   ', 'inv.pdf')).toBe('inv.pdf');
  });
});
