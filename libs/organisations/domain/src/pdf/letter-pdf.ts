import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LetterDetails } from '@afterwards/contracts';
import { letterBlocks, letterFacts, letterText, longDate, NO_ADDRESS_NOTE } from '../letters/letter-text';

/** A4 in points, with margins of about 20 mm: a business letter that prints on any office printer. */
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 57, right: 57, top: 50, bottom: 57 };
const SIZE = 10.5;
const LINE = 14;
const GAP = 7;
const TEXT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK = rgb(0.1, 0.1, 0.1);
const MUTED = rgb(0.35, 0.35, 0.35);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  /** The characters the standard fonts can draw (Windows-1252): anything else is replaced before drawing. */
  drawable: ReadonlySet<number>;
}

/** Letters Unicode does not split into a base letter and an accent. */
const NO_DECOMPOSITION: Record<string, string> = { Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŧ: 'T', ŧ: 't', ĸ: 'k' };

/**
 * Text the standard fonts can draw. Letters with accents outside Windows-1252 lose the accent (Ł becomes
 * L, ő becomes o) rather than failing the whole PDF; anything still undrawable becomes '?'.
 */
function drawable(text: string, fonts: Fonts): string {
  let out = '';
  for (const ch of text.replace(/\t/g, '    ')) {
    if (fonts.drawable.has(ch.codePointAt(0) ?? 0)) {
      out += ch;
      continue;
    }
    const plain = NO_DECOMPOSITION[ch] ?? ch.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
    out += [...plain].every((c) => fonts.drawable.has(c.codePointAt(0) ?? 0)) && plain.length > 0 ? plain : '?';
  }
  return out;
}

/** Splits text into lines that fit `width`, breaking at spaces, and inside a word only when it must. */
function wrap(text: string, font: PDFFont, width: number): string[] {
  const fits = (s: string) => font.widthOfTextAtSize(s, SIZE) <= width;
  const lines: string[] = [];
  for (const hardLine of text.split('\n')) {
    let line = '';
    for (const word of hardLine.split(' ')) {
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      // A word wider than the column (a long reference, a web address) is broken where it must be.
      while (!fits(line)) {
        let cut = line.length - 1;
        while (cut > 1 && !fits(line.slice(0, cut))) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** Writes down the page and onto new pages as it fills; every page of one letter shares its footer. */
class Writer {
  private page!: PDFPage;
  private y = 0;
  readonly pages: PDFPage[] = [];

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  private newPage(): void {
    this.page = this.doc.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.y = PAGE.height - MARGIN.top;
  }

  /** Starts a new page first when `height` would not fit on this one (keeps a block together). */
  room(height: number): void {
    if (this.y - height < MARGIN.bottom) this.newPage();
  }

  gap(height = GAP): void {
    this.y -= height;
  }

  line(text: string, options: { bold?: boolean; x?: number; right?: boolean; colour?: typeof INK } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const safe = drawable(text, this.fonts);
    this.room(LINE);
    const x = options.right ? PAGE.width - MARGIN.right - font.widthOfTextAtSize(safe, SIZE) : (options.x ?? MARGIN.left);
    this.page.drawText(safe, { x, y: this.y - SIZE, size: SIZE, font, color: options.colour ?? INK });
    this.y -= LINE;
  }

  paragraph(text: string, options: { bold?: boolean; indent?: number; bullet?: string } = {}): void {
    const font = options.bold ? this.fonts.bold : this.fonts.regular;
    const indent = options.indent ?? 0;
    const lines = wrap(drawable(text, this.fonts), font, TEXT_WIDTH - indent);
    lines.forEach((l, i) => {
      if (i === 0 && options.bullet) this.line(options.bullet, { x: MARGIN.left + indent - 12 });
      if (i === 0 && options.bullet) this.y += LINE; // the bullet and its first line share a baseline
      this.line(l, { bold: options.bold, x: MARGIN.left + indent });
    });
  }

  /** A label and its value on one line, the value wrapping under itself. */
  labelled(label: string, value: string): void {
    const labelWidth = 105;
    const lines = wrap(drawable(value, this.fonts), this.fonts.regular, TEXT_WIDTH - labelWidth);
    lines.forEach((l, i) => {
      this.room(LINE);
      if (i === 0) this.line(`${label}:`, { bold: true });
      if (i === 0) this.y += LINE;
      this.line(l, { x: MARGIN.left + labelWidth });
    });
  }

  /** 'Page 1 of 2' at the foot of each page of a letter that runs over one page. */
  footers(subject: string): void {
    if (this.pages.length < 2) return;
    const short = drawable(subject.length > 70 ? `${subject.slice(0, 67)}...` : subject, this.fonts);
    this.pages.forEach((page, i) => {
      const label = `${short}  |  Page ${i + 1} of ${this.pages.length}`;
      page.drawText(label, { x: MARGIN.left, y: MARGIN.bottom / 2, size: 8.5, font: this.fonts.regular, color: MUTED });
    });
  }
}

function drawLetter(doc: PDFDocument, fonts: Fonts, details: LetterDetails): void {
  const w = new Writer(doc, fonts);
  const { sender, organisation } = details;
  const text = letterText(details);
  const blocks = letterBlocks(details);

  // The sender's name and address at the top right, the date under them.
  for (const l of [sender.name, ...sender.address, sender.phone ?? '', sender.email ?? ''].filter((s) => s.trim())) w.line(l, { right: true });
  w.gap();
  w.line(longDate(details.date), { right: true });
  w.gap(GAP * 2);

  // The organisation's bereavement address; without one, a note to use the address on their page.
  // Directory addresses often start with the organisation's own name: it is not printed twice.
  if (!organisation.address.some((l) => l.trim() === organisation.name.trim())) w.line(organisation.name);
  if (organisation.address.length > 0) for (const l of organisation.address) w.line(l);
  else w.line(NO_ADDRESS_NOTE, { colour: MUTED });
  w.gap(GAP * 2);

  w.line('Dear Sir or Madam,');
  w.gap();
  w.paragraph(text.subject, { bold: true });
  w.gap();
  for (const f of letterFacts(details)) w.labelled(f.label, f.value);
  w.gap();

  for (const p of blocks.paragraphs) {
    w.paragraph(p);
    w.gap();
  }
  for (const a of blocks.asks) w.paragraph(a, { indent: 14, bullet: '•' });
  if (blocks.asks.length > 0) w.gap();
  if (blocks.enclosures.length > 0) {
    w.line('I enclose:');
    for (const e of blocks.enclosures) w.paragraph(e, { indent: 14, bullet: '•' });
    w.gap();
  }
  if (blocks.closing) {
    w.paragraph(blocks.closing);
    w.gap();
  }
  w.room(LINE * 5); // the sign-off, the space to sign and the name stay together
  w.line('Yours faithfully,');
  w.gap(LINE * 3); // room to sign
  w.line(sender.name);
  w.footers(text.subject);
}

async function newDocument(title: string, date: string): Promise<{ doc: PDFDocument; fonts: Fonts }> {
  // No automatic metadata: the creation date would be the clock's, and the same letter should make the same PDF.
  const doc = await PDFDocument.create({ updateMetadata: false });
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const day = new Date(`${/^\d{4}-\d{2}-\d{2}$/.test(date) ? date : '2000-01-01'}T00:00:00Z`);
  doc.setTitle(title);
  doc.setProducer('Afterwards');
  doc.setCreator('Afterwards');
  doc.setLanguage('en-GB');
  doc.setCreationDate(day);
  doc.setModificationDate(day);
  return { doc, fonts: { regular, bold, drawable: new Set(regular.getCharacterSet()) } };
}

/** One letter as an A4 PDF, over as many pages as it needs. */
export async function letterPdf(details: LetterDetails): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument(letterText(details).subject, details.date);
  drawLetter(doc, fonts, details);
  return doc.save();
}

/** Many letters in one PDF to print at once, each starting on a new page. */
export async function letterPackPdf(letters: LetterDetails[]): Promise<Uint8Array> {
  const { doc, fonts } = await newDocument('Letters to the organisations', letters[0]?.date ?? '');
  for (const details of letters) drawLetter(doc, fonts, details);
  if (letters.length === 0) new Writer(doc, fonts).line('There are no letters waiting to be sent.');
  return doc.save();
}
