import { checkOrganisationCsvRow, organisationIdFromName } from './organisation-csv-row';

const ROW = {
  name: 'Skipton Building Society',
  kind: 'Building society',
  jurisdictions: 'England; wales',
  address: 'Bereavement team|The Bailey|Skipton|BD23 1DN',
  phone: '0345 850 1700',
  email: '',
  website: 'https://www.skipton.co.uk',
  needs: 'A copy of the death certificate|The account numbers',
  usual_reply_days: '',
  death_notification_service: 'yes',
  tell_us_once: 'no',
  sources: 'Bereavement | Skipton|https://www.skipton.co.uk/bereavement',
  reviewed_on: '2026-11-01',
};

describe('an organisations CSV row', () => {
  it('makes the entry the staff form would, lists split, with a name-based id', () => {
    const result = checkOrganisationCsvRow(ROW, 2);
    expect(result).toEqual({
      ok: true,
      organisationId: 'skipton-building-society',
      details: {
        name: 'Skipton Building Society',
        kind: 'building-society',
        jurisdictions: ['England', 'Wales'],
        address: ['Bereavement team', 'The Bailey', 'Skipton', 'BD23 1DN'],
        phone: '0345 850 1700',
        email: null,
        website: 'https://www.skipton.co.uk',
        needs: ['A copy of the death certificate', 'The account numbers'],
        usualReplyDays: 21,
        deathNotificationService: true,
        tellUsOnce: false,
        sources: [{ title: 'Bereavement | Skipton', url: 'https://www.skipton.co.uk/bereavement' }],
        reviewedOn: '2026-11-01',
      },
    });
  });

  it('takes the row’s own key as its id when given', () => {
    expect(checkOrganisationCsvRow({ ...ROW, key: 'skipton' }, 2)).toMatchObject({ ok: true, organisationId: 'skipton' });
    expect(checkOrganisationCsvRow({ ...ROW, key: 'Skipton BS' }, 2)).toEqual({ ok: false, errors: ['Row 2: key must be lower-case letters, digits and hyphens (80 at most)'] });
  });

  it('names every missing column and wrong cell at once, by row', () => {
    const result = checkOrganisationCsvRow({ ...ROW, name: ' ', kind: 'shop', jurisdictions: 'England;Wessex', sources: 'no url here', tell_us_once: 'maybe' }, 4);
    expect(result).toEqual({
      ok: false,
      errors: [
        'Row 4: name is required',
        'Row 4: kind "shop" must be one of government, bank, building-society, pension, insurance, energy, water, telecoms, council, employer, subscription, other',
        'Row 4: jurisdictions "Wessex" must be from England; Wales; Scotland; Northern Ireland; Ireland',
        'Row 4: sources must be written title|url, separated by ;',
        'Row 4: tell_us_once must be yes or no',
      ],
    });
  });

  it('gives the contract’s own messages for the rest', () => {
    const result = checkOrganisationCsvRow({ ...ROW, email: 'not-an-address', usual_reply_days: '0', reviewed_on: '1 Nov 2026' }, 3);
    expect(result).toEqual({
      ok: false,
      errors: ['Row 3: email: Enter a valid email address', 'Row 3: usual_reply_days: Use 1 day or more', 'Row 3: reviewed_on: Use a date like 2026-01-31'],
    });
  });

  it('makes the same id from the same name, punctuation and accents aside', () => {
    expect(organisationIdFromName('H.M. Revenue & Customs')).toBe('hm-revenue-and-customs');
    expect(organisationIdFromName('  Crédit Agricole ')).toBe('credit-agricole');
    expect(organisationIdFromName('Santander UK')).toBe(organisationIdFromName('santander  uk'));
  });
});
