import {
  CSV_MESSAGES,
  JURISDICTIONS,
  ORGANISATION_CSV_DEFAULT_REPLY_DAYS,
  ORGANISATION_KIND_LABELS,
  ORGANISATION_KINDS,
  OrganisationRequestSchema,
  type OrganisationKind,
  type OrganisationRequest,
} from '@afterwards/contracts';

/**
 * One row of an organisations CSV, keyed by normalised header (the import's reader normalises them), as
 * the `AddOrganisation` it makes. Pure, and the same for the check shown before an import and the import
 * itself. Lists inside a cell: jurisdictions and sources by ';', address lines and needs by '|', a source
 * as 'title|url'. The contract's schema decides the rest, with the staff form's messages.
 */
export type OrganisationCsvRow = { readonly ok: true; readonly organisationId: string; readonly details: OrganisationRequest } | { readonly ok: false; readonly errors: string[] };

const KIND_BY_WORD = new Map<string, OrganisationKind>(ORGANISATION_KINDS.flatMap((k) => [[k, k] as const, [ORGANISATION_KIND_LABELS[k].toLowerCase(), k] as const]));
const JURISDICTION_BY_WORD = new Map(JURISDICTIONS.map((j) => [j.toLowerCase(), j]));
const YES = new Set(['yes', 'y', 'true', '1']);
const NO = new Set(['no', 'n', 'false', '0', '']);
/** A key staff give: lower-case words joined by hyphens, like the starting set's ('dvla', 'hm-revenue-customs'). */
const KEY = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const MAX_KEY = 80;

/** The column a schema field is read from, for messages. */
const COLUMN_OF: Record<string, string> = {
  usualReplyDays: 'usual_reply_days',
  deathNotificationService: 'death_notification_service',
  tellUsOnce: 'tell_us_once',
  reviewedOn: 'reviewed_on',
};

/**
 * The id a row's entry gets without a key: its name in lower case, accents and full stops dropped, other
 * punctuation a hyphen ('Santander UK' → 'santander-uk'). The same name always makes the same id, so the
 * same row imported again is found as already there.
 */
export function organisationIdFromName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’.]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, MAX_KEY)
    .replace(/-+$/, '');
}

const split = (text: string, by: string) =>
  text
    .split(by)
    .map((p) => p.trim())
    .filter(Boolean);

/** `row` is the row's number as a spreadsheet shows it (the header is row 1); every error is given at once. */
export function checkOrganisationCsvRow(record: Readonly<Record<string, string | undefined>>, row: number): OrganisationCsvRow {
  const errors: string[] = [];
  const cell = (column: string) => (record[column] ?? '').trim();
  const fail = (message: string) => errors.push(CSV_MESSAGES.row(row, message));

  for (const column of ['name', 'kind', 'jurisdictions', 'sources', 'reviewed_on']) if (!cell(column)) errors.push(CSV_MESSAGES.required(row, column));

  const kind = cell('kind') ? KIND_BY_WORD.get(cell('kind').toLowerCase()) : undefined;
  if (cell('kind') && !kind) fail(`kind "${clip(cell('kind'))}" must be one of ${ORGANISATION_KINDS.join(', ')}`);

  const jurisdictions = split(cell('jurisdictions'), ';').map((j) => JURISDICTION_BY_WORD.get(j.toLowerCase()) ?? j);
  const unknown = jurisdictions.filter((j) => !JURISDICTION_BY_WORD.has(j.toLowerCase()));
  if (unknown.length > 0) fail(`jurisdictions "${clip(unknown.join('; '))}" must be from ${JURISDICTIONS.join('; ')}`);

  const sources = split(cell('sources'), ';').map((s) => {
    const bar = s.lastIndexOf('|');
    return bar < 0 ? null : { title: s.slice(0, bar).trim(), url: s.slice(bar + 1).trim() };
  });
  if (sources.includes(null)) fail('sources must be written title|url, separated by ;');

  const flag = (column: string) => {
    const text = cell(column).toLowerCase();
    if (!YES.has(text) && !NO.has(text)) fail(`${column} must be yes or no`);
    return YES.has(text);
  };
  const deathNotificationService = flag('death_notification_service');
  const tellUsOnce = flag('tell_us_once');

  const replyText = cell('usual_reply_days');
  const usualReplyDays = replyText ? Number(replyText) : ORGANISATION_CSV_DEFAULT_REPLY_DAYS;
  if (replyText && !Number.isInteger(usualReplyDays)) fail('usual_reply_days must be a whole number of days');

  const key = cell('key');
  if (key && (!KEY.test(key) || key.length > MAX_KEY)) fail(`key must be lower-case letters, digits and hyphens (${MAX_KEY} at most)`);
  const organisationId = key || organisationIdFromName(cell('name'));
  if (!organisationId && cell('name')) fail('name must hold a letter or a digit');

  if (errors.length > 0) return { ok: false, errors };

  const parsed = OrganisationRequestSchema.safeParse({
    name: cell('name'),
    kind,
    jurisdictions,
    address: split(cell('address'), '|'),
    phone: cell('phone') || null,
    email: cell('email') || null,
    website: cell('website') || null,
    needs: split(cell('needs'), '|'),
    usualReplyDays,
    deathNotificationService,
    tellUsOnce,
    sources,
    reviewedOn: cell('reviewed_on'),
  });
  if (!parsed.success) {
    const messages = parsed.error.issues.map((i) => {
      const field = String(i.path[0] ?? '');
      return CSV_MESSAGES.row(row, `${COLUMN_OF[field] ?? field}: ${i.message}`);
    });
    return { ok: false, errors: [...new Set(messages)] };
  }
  return { ok: true, organisationId, details: parsed.data };
}

/** Keeps a quoted cell short in a message. */
function clip(text: string, max = 40): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
