// Pure display rules of a memory's Organisations area: the questions, money in pounds or euros, what a
// status change sends, the date each status shows, and the e-mail version of a letter.
import { isoDateIn } from '@afterwards/checklist-domain';
import {
  AddMemoryOrganisationRequestSchema,
  MEMORY_ORGANISATION_STATUS_LABELS,
  type AddMemoryOrganisationRequest,
  type EditMemoryOrganisationRequest,
  type LetterDetails,
  type MemorySummary,
  type Jurisdiction,
  type MemoryOrganisation,
  type MemoryOrganisationStatus,
  type OrganisationAnswers,
  type OrganisationKind,
  type PostalAddress,
  type TellingService,
} from '@afterwards/contracts';
import { formatDay } from '../shared/format';

type YesNoKey = Exclude<keyof OrganisationAnswers, 'home'>;

/** One plain question: the answer key, the words, and the choices as radio values. */
export interface Question {
  key: keyof OrganisationAnswers;
  legend: string;
  hint: string;
  choices: readonly { value: string; label: string }[];
}

const YES_NO = [
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
] as const;

export const QUESTIONS: readonly Question[] = [
  { key: 'drove', legend: 'Did they drive?', hint: 'A driving licence, or a car in their name.', choices: YES_NO },
  { key: 'passport', legend: 'Did they have a passport?', hint: 'Even one that had run out.', choices: YES_NO },
  { key: 'pensionOrBenefits', legend: 'Did they receive a pension or benefits?', hint: 'The State Pension, a work pension, or any benefit.', choices: YES_NO },
  {
    key: 'home',
    legend: 'Did they rent or own their home?',
    hint: 'Where they lived when they died.',
    choices: [
      { value: 'rented', label: 'Rented' },
      { value: 'owned', label: 'Owned' },
      { value: 'other', label: 'Neither, or not sure' },
    ],
  },
  { key: 'employed', legend: 'Did they have a job?', hint: 'Working for an employer, full or part time.', choices: YES_NO },
];

export const NO_ANSWERS: OrganisationAnswers = { drove: null, passport: null, pensionOrBenefits: null, home: null, employed: null };

/** The radio value an answer shows ('' while unanswered). */
export function answerValue(answers: OrganisationAnswers, key: keyof OrganisationAnswers): string {
  const value = answers[key];
  if (value === null) return '';
  if (typeof value === 'boolean') return value ? 'yes' : 'no';
  return value;
}

/** The answers with one question answered from its radio value. */
export function withAnswer(answers: OrganisationAnswers, key: keyof OrganisationAnswers, value: string): OrganisationAnswers {
  if (key === 'home') return { ...answers, home: value === 'rented' || value === 'owned' || value === 'other' ? value : null };
  const yesNo: YesNoKey = key;
  return { ...answers, [yesNo]: value === 'yes' ? true : value === 'no' ? false : null };
}

export const answeredCount = (answers: OrganisationAnswers): number => Object.values(answers).filter((v) => v !== null).length;

/** Money settled is in euros for a memory in Ireland, pounds elsewhere. */
export const currencyOf = (jurisdiction: Jurisdiction | string): 'EUR' | 'GBP' => (jurisdiction === 'Ireland' ? 'EUR' : 'GBP');
export const currencySymbol = (jurisdiction: Jurisdiction | string): string => (currencyOf(jurisdiction) === 'EUR' ? '€' : '£');

/** Pence (or cents) as money: '£1,250.50'. */
export function formatMoney(amountMinor: number, jurisdiction: Jurisdiction | string): string {
  return new Intl.NumberFormat(currencyOf(jurisdiction) === 'EUR' ? 'en-IE' : 'en-GB', { style: 'currency', currency: currencyOf(jurisdiction) }).format(amountMinor / 100);
}

/** What the family typed as an amount ('1,250.50', '£40', '') in minor units; undefined when it is not money. */
export function parseMoney(text: string): number | null | undefined {
  const cleaned = text.replace(/[£€,\s]/g, '');
  if (cleaned === '') return null;
  if (!/^\d+(\.\d{1,2})?$/.test(cleaned)) return undefined;
  const [whole, fraction = ''] = cleaned.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
}

/** The amount as the field shows it ('1250.50'). */
export const moneyInput = (amountMinor: number | null): string => (amountMinor === null ? '' : (amountMinor / 100).toFixed(2));

/** The date the status was reached, for the status it is now (none for 'to tell'). */
export function statusDate(entry: Pick<MemoryOrganisation, 'status' | 'dates'>): string | null {
  switch (entry.status) {
    case 'to-tell':
      return null;
    case 'letter-sent':
      return entry.dates.sentOn;
    case 'told-by-service':
      return entry.dates.toldOn;
    case 'acknowledged':
      return entry.dates.acknowledgedOn;
    case 'closed':
      return entry.dates.closedOn;
  }
}

export const SERVICE_NAMES: Record<TellingService, string> = { 'tell-us-once': 'Tell Us Once', 'death-notification-service': 'the Death Notification Service' };

/** 'Letter sent on 3 March 2026', 'Told through Tell Us Once on …'; the label alone when there is no date. */
export function statusLine(entry: Pick<MemoryOrganisation, 'status' | 'dates'> & Partial<Pick<MemoryOrganisation, 'service'>>): string {
  const label = entry.status === 'told-by-service' && entry.service ? `Told through ${SERVICE_NAMES[entry.service]}` : MEMORY_ORGANISATION_STATUS_LABELS[entry.status];
  const day = formatDay(statusDate(entry));
  return day ? `${label} on ${day}` : label;
}

/** Today as the family's calendar day (UK time), for a status date's default. */
export const today = (now: Date = new Date()): string => isoDateIn(now);

export interface StatusForm {
  status: MemoryOrganisationStatus;
  on: string;
  service: TellingService | '';
  serviceReference: string;
  amount: string;
}

export function statusFormOf(entry: MemoryOrganisation, now: Date = new Date()): StatusForm {
  return {
    status: entry.status,
    on: statusDate(entry) ?? today(now),
    service: entry.service ?? '',
    serviceReference: entry.serviceReference ?? '',
    amount: moneyInput(entry.amountMinor),
  };
}

/** What the status form asks of the server, or the words of what is missing. */
export function statusRequest(form: StatusForm, version: number): { request: EditMemoryOrganisationRequest } | { problem: { field: keyof StatusForm; message: string } } {
  const base: EditMemoryOrganisationRequest = { status: form.status, expectedVersion: version };
  if (form.status !== 'to-tell') base.statusOn = form.on;
  if (form.status === 'told-by-service') {
    if (!form.service) return { problem: { field: 'service', message: 'Please say which service told them: Tell Us Once or the Death Notification Service.' } };
    return { request: { ...base, service: form.service, serviceReference: form.serviceReference.trim() || null } };
  }
  if (form.status === 'closed') {
    const amountMinor = parseMoney(form.amount);
    if (amountMinor === undefined) return { problem: { field: 'amount', message: 'Please write the amount as a number, like 1250.50.' } };
    return { request: { ...base, amountMinor } };
  }
  return { request: base };
}

/** Longest mailto: link browsers and mail programs open reliably; a longer letter is copied instead. */
export const MAILTO_LIMIT = 1_900;

/** The e-mail version of a letter, as a mailto: link; null when it is too long for one. */
export function mailtoLink(to: string, subject: string, body: string): string | null {
  const href = `mailto:${encodeURIComponent(to).replace(/%40/g, '@')}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return href.length <= MAILTO_LIMIT ? href : null;
}

/**
 * What the letter domain writes one letter from, as far as the screen knows it: the words the family reads and
 * edits (the body) need only the person who died, the organisation and the jurisdiction; the sender (their
 * profile, which the server reads) is laid out around them in the PDF, and signs the e-mail by hand.
 */
export function letterDetailsOf(
  memory: Pick<MemorySummary, 'deceasedName' | 'dateOfBirth' | 'dateOfDeath' | 'jurisdiction'>,
  entry: Pick<MemoryOrganisation, 'name' | 'kind' | 'address' | 'references' | 'letterText'>,
  lastAddress: PostalAddress = [],
  now: Date = new Date(),
): LetterDetails {
  return {
    sender: { name: '', address: [] },
    organisation: { name: entry.name, kind: entry.kind, address: entry.address },
    deceased: { fullName: memory.deceasedName, dateOfBirth: memory.dateOfBirth, dateOfDeath: memory.dateOfDeath, lastAddress },
    references: entry.references,
    jurisdiction: memory.jurisdiction,
    date: today(now),
    body: entry.letterText,
  };
}

/** References as the card lists them, dropping rows left empty. */
export const filledReferences = (rows: readonly { label: string; value: string }[]) =>
  rows.map((r) => ({ label: r.label.trim(), value: r.value.trim() })).filter((r) => r.label !== '' || r.value !== '');

export interface OwnOrganisationForm {
  name: string;
  kind: OrganisationKind;
  address: string;
  email: string;
}

/** An address typed one line each, as the lines a letter prints (blank lines dropped). */
export const addressLinesOf = (text: string): string[] =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export const EMPTY_OWN: OwnOrganisationForm = { name: '', kind: 'other', address: '', email: '' };

/** One of the family's own, as the server takes it, or the message of each field the contract refuses. */
export function ownOrganisationRequest(form: OwnOrganisationForm): { request: AddMemoryOrganisationRequest } | { errors: Partial<Record<keyof OwnOrganisationForm, string>> } {
  const address = addressLinesOf(form.address);
  const request: AddMemoryOrganisationRequest = { organisationId: null, name: form.name.trim(), kind: form.kind, address, email: form.email.trim() || null };
  const parsed = AddMemoryOrganisationRequestSchema.safeParse(request);
  if (parsed.success) return { request: parsed.data };
  const errors: Partial<Record<keyof OwnOrganisationForm, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'name' || field === 'kind' || field === 'address' || field === 'email') && !errors[field]) errors[field] = issue.message;
  }
  if (!request.name) errors.name = 'Please give the organisation a name.';
  return { errors };
}
