import {
  DOCUMENT_DEFAULT_CATEGORY,
  UNKNOWN_LOCATION,
  normaliseWebsite,
  type ExtractedData,
  type ExtractedField,
  type ListingCategory,
} from '@afterwards/contracts';
import { joinWrappedLines } from './document-text';

/**
 * The document extraction rules, applied to a document's text. Pure: the server
 * gets the text from the file with a real parser (PDF, DOCX, DOC or plain text) and hands it here.
 * Besides the values, it says which fields the text really gave, so confidence can reflect them.
 */
export interface Extraction {
  readonly data: ExtractedData;
  readonly found: readonly ExtractedField[];
  readonly confidence: number;
}

const POSTCODE = String.raw`[A-Z]{1,2}\d[A-Z\d]?\s*\d[A-Z]{2}`;
const LINE_END = /[\r\n]/;

/**
 * How much each found field counts toward confidence: what staff need most to trust a listing (who, and
 * how to reach them) weighs most. A document that gives only a file name and defaults scores 0.
 */
export const FIELD_WEIGHTS: Readonly<Record<ExtractedField, number>> = {
  businessName: 20,
  category: 10,
  location: 10,
  address: 15,
  phone: 15,
  email: 10,
  website: 5,
  description: 10,
  pricing: 5,
};

export function confidenceOf(found: readonly ExtractedField[]): number {
  return Math.min(100, [...new Set(found)].reduce((sum, f) => sum + FIELD_WEIGHTS[f], 0));
}

/** Collapses runs of spaces and tabs (PDF text often has them) and trims each line. */
export function tidyText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v\u00a0 ]+/g, ' ')
    .split('\n')
    .map((l) => l.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The file name without its extension, dashes and underscores as spaces ('acme-funerals_2024.pdf' → 'acme funerals 2024'). */
export function nameFromFileName(fileName: string): string {
  const base = fileName.replace(/\.[^./\\]+$/, '').replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').trim();
  return (base || 'Unnamed business').slice(0, 200);
}

function firstLineOf(value: string): string {
  return value.split(LINE_END)[0]!.trim();
}

function businessNameOf(text: string): string | null {
  // A label: 'Company: …', 'Business name - …', 'Trading as …' (2 to 50 characters).
  const label = /\b(?:company(?:\s+name)?|business(?:\s+name)?|firm(?:\s+name)?|name|trading\s+as)\b[ \t]*[:\-–][ \t]*([^\n]{2,80})/i.exec(text)
    ?? /\btrading\s+as[ \t]+([^\n]{2,80})/i.exec(text);
  if (label) {
    const value = firstLineOf(label[1]!).replace(/[.,;]+$/, '').trim();
    if (value.length >= 2 && value.length <= 50) return value;
  }
  // A capitalised phrase ending in a business word: 'Hope & Sons Funeral Directors Ltd'.
  const phrase = /((?:[A-Z][A-Za-z'’&.-]*|&)(?:[ \t]+(?:[A-Z][A-Za-z'’&.-]*|&|and|of)){0,6}?[ \t]+(?:Ltd|Limited|LLP|Solicitors|Services|Funeral|Directors)\b\.?)/.exec(text);
  if (phrase) {
    // Extend over further business words ('… Funeral Directors Ltd').
    const rest = /^(?:[ \t]+(?:Funeral|Directors|Services|Solicitors|Ltd|Limited|LLP)\b\.?)*/.exec(text.slice(phrase.index + phrase[1]!.length));
    return `${phrase[1]}${rest?.[0] ?? ''}`.trim().slice(0, 200);
  }
  return null;
}

const CATEGORY_KEYWORDS: ReadonlyArray<readonly [RegExp, ListingCategory]> = [
  [/\b(?:funeral|cremation)/i, 'Funeral Directors'],
  [/\b(?:solicitor|legal\b|law\b)/i, 'Legal Services'],
  // 'Registered charity' is no register office: the word itself, not words made from it.
  [/\b(?:register|registry)\b/i, 'Register Offices'],
  [/\b(?:chapel|church|religious)/i, 'Religious Services'],
  [/\bcoroner/i, 'Coroner Services'],
  [/\bcrematori(?:um|a)/i, 'Crematoriums'],
];

function categoryOf(text: string): ListingCategory | null {
  for (const [pattern, category] of CATEGORY_KEYWORDS) if (pattern.test(text)) return category;
  return null;
}

function addressOf(text: string): string | null {
  // A street line with a house number, on to a UK postcode on the same line or the next two.
  const match = new RegExp(String.raw`\b(\d{1,4}[A-Za-z]?,?[ \t]+[A-Z][^\n@]{2,80}?(?:\n[^\n@]{2,60}?){0,2}?[ ,\t]+${POSTCODE})\b`).exec(text);
  if (!match) return null;
  return match[1]!.replace(/\s*\n\s*/g, ', ').replace(/,\s*,/g, ',').replace(/\s+/g, ' ').trim().slice(0, 300);
}

function locationOf(text: string, address: string | null): string | null {
  const labelled = /\b(?:location|based\s+in|situated\s+in)\b[ \t]*:?[ \t]*([A-Z][A-Za-z' -]{1,29})/i.exec(text);
  if (labelled) {
    const value = labelled[1]!.replace(/\s+(?:and|with|since|for|we|our)\b.*$/i, '').trim();
    if (value.length >= 2) return value;
  }
  if (address) {
    // The town: the part before the postcode ('12 High Street, Leeds LS1 1AA' → 'Leeds').
    const beforePostcode = address.replace(new RegExp(String.raw`[ ,]*${POSTCODE}$`), '');
    const parts = beforePostcode.split(',').map((p) => p.trim()).filter(Boolean);
    const town = parts.length > 1 ? parts[parts.length - 1]! : beforePostcode.split(/\s+/).slice(-1)[0]!;
    const cleaned = town.replace(/\d+/g, '').trim();
    if (cleaned.length >= 2 && cleaned.length <= 30 && /^[A-Z]/.test(cleaned)) return cleaned;
  }
  const addressLabel = /\baddress\b[ \t]*:[ \t]*([^\n]{2,120})/i.exec(text);
  if (addressLabel) {
    const parts = addressLabel[1]!.split(',').map((p) => p.trim().replace(new RegExp(String.raw`\s*${POSTCODE}$`), '')).filter((p) => /^[A-Z][A-Za-z' -]{1,29}$/.test(p));
    if (parts.length > 0) return parts[parts.length - 1]!;
  }
  const beforeUk = /\b([A-Z][a-z]+(?:[ -][A-Z][a-z]+){0,2}),?[ \t]+(?:UK|United Kingdom)\b/.exec(text);
  if (beforeUk) return beforeUk[1]!;
  return null;
}

function phoneOf(text: string): string | null {
  const match = /\b(?:telephone|phone|tel|call(?:[ \t]+us)?(?:[ \t]+(?:on|at))?)\b\.?[ \t]*(?:no\.?|number)?[ \t]*[:-]?[ \t]*(\+?[\d(][\d\s()+-]{8,22})/i.exec(text);
  if (!match) return null;
  const phone = firstLineOf(match[1]!).replace(/[\s-]+$/, '').trim();
  const digits = phone.replace(/\D/g, '').length;
  return phone.length >= 10 && phone.length <= 20 && digits >= 9 ? phone : null;
}

function emailOf(text: string): string | null {
  return /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/.exec(text)?.[0].toLowerCase() ?? null;
}

function websiteOf(text: string): string | null {
  const host = String.raw`(?:https?:\/\/)?(?:www\.)?[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:\/[^\s,;)]*)?`;
  const labelled = new RegExp(String.raw`\b(?:website|web)\b[ \t]*:?[ \t]*(${host})`, 'i').exec(text);
  const bare = /\b((?:https?:\/\/|www\.)[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+(?:\/[^\s,;)]*)?)/i.exec(text);
  const found = labelled?.[1] ?? bare?.[1];
  if (!found || found.includes('@')) return null;
  return normaliseWebsite(found.replace(/[.]+$/, ''));
}

function descriptionOf(text: string): string | null {
  const sentences = text
    .replace(/\n+/g, '\n')
    .split(/(?<=[.!?])\s+|\n/)
    .map((s) => s.replace(/\s+/g, ' ').trim());
  return sentences.find((s) => s.length > 50 && s.length < 300 && !s.includes('@') && !/http/i.test(s) && /\b(?:service|provide|specialist)/i.test(s)) ?? null;
}

function pricingOf(text: string): string | null {
  const match = /\b(?:prices?|costs?|fees?|from)\b[^£\d\n]{0,25}£[ \t]*(\d[\d,]*(?:\.\d{2})?)/i.exec(text);
  return match ? `From £${match[1]}` : null;
}

/**
 * Whether the text gave anything about a business: a field besides the category (a keyword such as
 * 'funeral' in any letter names one) and the defaults. A document without is not a listing to review.
 */
export function foundBusinessDetails(extraction: Pick<Extraction, 'found'>): boolean {
  return extraction.found.some((field) => field !== 'category');
}

/** The spec's rules over a document's text; `fileName` names the business when nothing in the text does. */
export function extractBusiness(rawText: string, fileName: string): Extraction {
  // Whichever extractor read it (pdf.js, mammoth, word-extractor, a .txt), a paragraph is one line here.
  const text = joinWrappedLines(tidyText(rawText));
  const found: ExtractedField[] = [];
  const take = <T>(field: ExtractedField, value: T | null): T | null => {
    if (value !== null) found.push(field);
    return value;
  };
  const businessName = take('businessName', businessNameOf(text)) ?? nameFromFileName(fileName);
  const category = take('category', categoryOf(text)) ?? DOCUMENT_DEFAULT_CATEGORY;
  const address = take('address', addressOf(text));
  const location = take('location', locationOf(text, address)) ?? UNKNOWN_LOCATION;
  const data: ExtractedData = {
    businessName,
    category,
    location,
    address,
    phone: take('phone', phoneOf(text)),
    email: take('email', emailOf(text)),
    website: take('website', websiteOf(text)),
    description: take('description', descriptionOf(text)),
    pricing: take('pricing', pricingOf(text)),
  };
  return { data, found, confidence: confidenceOf(found) };
}
