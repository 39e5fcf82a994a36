import { DOCUMENT_MESSAGES, documentExtensionOf } from './imports';

describe('what a document name says it is', () => {
  it('takes the accepted extension, in any case, and nothing else', () => {
    expect(['a.pdf', 'B.DOCX', 'c.Doc', 'notes.txt', 'x.tar.pdf'].map(documentExtensionOf)).toEqual(['.pdf', '.docx', '.doc', '.txt', '.pdf']);
    expect(['a.exe', 'pdf', 'a.pdf.exe', 'document'].map(documentExtensionOf)).toEqual([null, null, null, null]);
  });

  it('names what the file claims and what it is in plain words', () => {
    expect(DOCUMENT_MESSAGES.notWhatNameSays('.pdf', 'text/plain')).toBe(
      'Its name ends in .pdf, but it is not a PDF: its content is plain text. Please choose the document itself, saved as PDF, Word (.doc or .docx) or plain text (.txt).',
    );
  });
});
