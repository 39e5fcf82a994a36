// The letters as PDFs (pdf-lib), apart from the package's main entry so screens that show the words never
// bundle the PDF library.
export { letterPdf, letterPackPdf } from './letter-pdf';
