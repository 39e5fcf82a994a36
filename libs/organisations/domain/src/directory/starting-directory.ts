import type { Jurisdiction, OrganisationRequest } from '@afterwards/contracts';

/**
 * The starting set of the organisation directory: national bodies, the largest UK and Irish banks and
 * building societies, and energy suppliers. Staff keep the directory from here on (it is seeded once into
 * the event-sourced directory), so correcting an entry later is a staff edit, not a code change.
 *
 * Where the facts come from: each entry's `sources` is the public page its facts were read from, and
 * `reviewedOn` the day it was read. Only facts found on those pages are here. Where a fact could not be
 * confirmed it is left out rather than guessed:
 * - an empty `address` means no bereavement postal address was confirmed: the letter then asks the family
 *   to use the address on the organisation's bereavement page;
 * - a source titled '... home page (bereavement page not confirmed)' means no bereavement page was read for
 *   it at all: only its name, kind and web address are here;
 * - `usualReplyDays` is 21 (the product's default) unless the organisation's page gave a time.
 * The gaps, entry by entry, are in STARTING_DIRECTORY_GAPS below and in docs/decisions/0057.
 */
export type StartingDirectoryEntry = OrganisationRequest & { key: string };

const REVIEWED_ON = '2026-11-28';
/** The product's default wait before a letter is shown as waiting, where the organisation gives no time. */
const DEFAULT_REPLY_DAYS = 21;

const UK: Jurisdiction[] = ['England', 'Wales', 'Scotland', 'Northern Ireland'];
const GREAT_BRITAIN: Jurisdiction[] = ['England', 'Wales', 'Scotland'];
const IRELAND: Jurisdiction[] = ['Ireland'];

const CERTIFIED_DEATH_CERTIFICATE = 'A certified copy of the death certificate';
const YOUR_ID = 'Proof of your identity';

const TELL_US_ONCE_PAGE = {
  title: 'GOV.UK: Organisations you need to contact and Tell Us Once',
  url: 'https://www.gov.uk/after-a-death/organisations-you-need-to-contact-and-tell-us-once',
};
const NI_AFTER_A_DEATH = { title: 'nidirect: What to do after a death', url: 'https://www.nidirect.gov.uk/articles/what-do-after-death' };
const IE_RECENTLY_BEREAVED = {
  title: 'gov.ie: Recently bereaved (Department of Social Protection)',
  url: 'https://gov.ie/en/publication/847761-recently-bereaved',
};

function homePageOnly(name: string, url: string) {
  return [{ title: `${name} home page (bereavement page not confirmed)`, url }];
}

interface Draft extends Partial<OrganisationRequest> {
  key: string;
  name: string;
  kind: OrganisationRequest['kind'];
  jurisdictions: Jurisdiction[];
  sources: OrganisationRequest['sources'];
}

function entry(d: Draft): StartingDirectoryEntry {
  return {
    address: [],
    phone: null,
    email: null,
    website: null,
    needs: [],
    usualReplyDays: DEFAULT_REPLY_DAYS,
    deathNotificationService: false,
    tellUsOnce: false,
    reviewedOn: REVIEWED_ON,
    ...d,
  };
}

const NATIONAL_BODIES: StartingDirectoryEntry[] = [
  entry({
    key: 'hmrc',
    name: 'HM Revenue & Customs (HMRC)',
    kind: 'government',
    jurisdictions: UK,
    website: 'https://www.gov.uk/government/organisations/hm-revenue-customs',
    needs: ['Their National Insurance number or Unique Taxpayer Reference'],
    tellUsOnce: true,
    sources: [TELL_US_ONCE_PAGE],
  }),
  entry({
    key: 'dwp',
    name: 'Department for Work and Pensions (DWP), including the Pension Service',
    kind: 'government',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://www.gov.uk/government/organisations/department-for-work-pensions',
    needs: ['Their National Insurance number'],
    tellUsOnce: true,
    sources: [TELL_US_ONCE_PAGE],
  }),
  entry({
    key: 'dvla',
    name: 'Driver and Vehicle Licensing Agency (DVLA)',
    kind: 'government',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://www.gov.uk/government/organisations/driver-and-vehicle-licensing-agency',
    needs: ['Their driving licence, if you have it', 'The vehicle log book (V5C) for any vehicle they kept'],
    tellUsOnce: true,
    sources: [TELL_US_ONCE_PAGE],
  }),
  entry({
    key: 'hm-passport-office',
    name: 'HM Passport Office',
    kind: 'government',
    jurisdictions: UK,
    phone: '0300 222 0000',
    website: 'https://www.gov.uk/government/organisations/hm-passport-office',
    needs: ['Their passport, if you have it'],
    tellUsOnce: true,
    sources: [
      TELL_US_ONCE_PAGE,
      {
        title: "GOV.UK: Deceased person's passports (HM Passport Office guidance)",
        url: 'https://www.gov.uk/government/publications/deceased-persons-passport/deceased-persons-passports-accessible',
      },
    ],
  }),
  entry({
    key: 'ni-bereavement-service',
    name: 'Bereavement Service (Department for Communities, Northern Ireland)',
    kind: 'government',
    jurisdictions: ['Northern Ireland'],
    website: 'https://www.nidirect.gov.uk/articles/what-do-after-death',
    needs: ['Their National Insurance number'],
    sources: [NI_AFTER_A_DEATH],
  }),
  entry({
    key: 'dva',
    name: 'Driver & Vehicle Agency (DVA)',
    kind: 'government',
    jurisdictions: ['Northern Ireland'],
    website: 'https://www.nidirect.gov.uk/contacts/contacts-az/driver-vehicle-agency-dva',
    needs: ['Their driving licence, if you have it'],
    sources: [NI_AFTER_A_DEATH],
  }),
  entry({
    key: 'revenue',
    name: 'Revenue (Office of the Revenue Commissioners)',
    kind: 'government',
    jurisdictions: IRELAND,
    website: 'https://www.revenue.ie',
    needs: ['Their PPS number'],
    sources: homePageOnly('Revenue', 'https://www.revenue.ie'),
  }),
  entry({
    key: 'department-of-social-protection',
    name: 'Department of Social Protection',
    kind: 'government',
    jurisdictions: IRELAND,
    website: 'https://www.gov.ie/en/organisation/department-of-social-protection/',
    needs: ['Their PPS number'],
    sources: [IE_RECENTLY_BEREAVED],
  }),
  entry({
    key: 'ndls',
    name: 'National Driver Licence Service (NDLS)',
    kind: 'government',
    jurisdictions: IRELAND,
    website: 'https://www.ndls.ie',
    needs: ['Their driving licence, if you have it'],
    sources: homePageOnly('NDLS', 'https://www.ndls.ie'),
  }),
  entry({
    key: 'passport-office-ireland',
    name: 'Passport Office (Department of Foreign Affairs)',
    kind: 'government',
    jurisdictions: IRELAND,
    website: 'https://www.ireland.ie/en/dfa/passports/',
    needs: ['Their passport, if you have it'],
    sources: homePageOnly('Passport Office', 'https://www.ireland.ie/en/dfa/passports/'),
  }),
];

// The banks that list themselves as members of the Death Notification Service on the pages read below.
const DNS_MEMBERS_PAGE = {
  title: 'The Gazette: Notification service that eases the burden when someone dies (Death Notification Service members)',
  url: 'http://www.thegazette.co.uk/wills-and-probate/content/102431',
};

const BANKS: StartingDirectoryEntry[] = [
  entry({
    key: 'barclays',
    name: 'Barclays',
    kind: 'bank',
    jurisdictions: UK,
    address: ['Bereavement Service Centre', 'Barclays Bank UK PLC', 'Leicester', 'LE87 2BB'],
    website: 'https://www.barclays.co.uk/what-to-do-when-someone-dies/',
    needs: [CERTIFIED_DEATH_CERTIFICATE, YOUR_ID, 'Your personal reference number beginning with BRV, once they give you one'],
    deathNotificationService: true,
    sources: [
      { title: 'Barclays: Letting us know (bereavement)', url: 'https://www.barclays.co.uk/what-to-do-when-someone-dies/notify-us/' },
      { title: 'Barclays: What to do when someone dies', url: 'https://barclays.co.uk/what-to-do-when-someone-dies' },
    ],
  }),
  entry({
    key: 'hsbc',
    name: 'HSBC UK',
    kind: 'bank',
    jurisdictions: UK,
    phone: '0800 085 1992',
    website: 'https://www.hsbc.co.uk/help/life-events/bereavement/',
    needs: [CERTIFIED_DEATH_CERTIFICATE, YOUR_ID],
    deathNotificationService: true,
    sources: [
      { title: 'HSBC UK: Bereavement FAQs', url: 'https://www.hsbc.co.uk/help/life-events/bereavement/faqs/' },
      { title: 'HSBC: Dealing with bereavement (contact us)', url: 'http://financialplanning.hsbc.co.uk/events/dealing-with-bereavement' },
      DNS_MEMBERS_PAGE,
    ],
  }),
  entry({
    key: 'lloyds',
    name: 'Lloyds Bank',
    kind: 'bank',
    jurisdictions: UK,
    phone: '0800 015 0012',
    website: 'https://www.lloydsbank.com/help-guidance/life-events/bereavement.html',
    needs: ['The death certificate', YOUR_ID, 'Passbooks, cards and cheque books, to help find the accounts'],
    deathNotificationService: true,
    sources: [
      { title: 'Lloyds Bank: Bereavement', url: 'https://www.lloydsbank.com/help-guidance/customer-support/bereavement.html' },
      DNS_MEMBERS_PAGE,
    ],
  }),
  entry({
    key: 'natwest',
    name: 'NatWest',
    kind: 'bank',
    jurisdictions: UK,
    phone: '0800 161 5903',
    website: 'https://personal.natwest.com/personal/life-moments/bereavement/what-to-do-when-someone-dies.html',
    needs: [CERTIFIED_DEATH_CERTIFICATE, YOUR_ID],
    deathNotificationService: true,
    sources: [
      {
        title: 'NatWest: What to do when someone dies',
        url: 'https://personal.natwest.com/personal/life-moments/bereavement/what-to-do-when-someone-dies.html',
      },
      DNS_MEMBERS_PAGE,
    ],
  }),
  entry({
    key: 'santander',
    name: 'Santander UK',
    kind: 'bank',
    jurisdictions: UK,
    address: ['Santander Bereavement Operations', 'Sunderland', 'SR43 4FJ'],
    phone: '0800 587 5870',
    website: 'https://www.santander.co.uk/personal/support/customer-support/bereavement',
    needs: [
      'Proof of death: the original death certificate, a certified copy or a photocopy',
      YOUR_ID,
      'The grant of representation, if their sole accounts with Santander hold more than £50,000',
    ],
    usualReplyDays: 14,
    deathNotificationService: true,
    sources: [{ title: 'Santander UK: Bereavement', url: 'https://santander.co.uk/personal/support/customer-support/bereavement' }],
  }),
  entry({
    key: 'nationwide',
    name: 'Nationwide Building Society',
    kind: 'building-society',
    jurisdictions: UK,
    address: ['Bereavement Services', 'Specialist Customer Support', 'Nationwide Building Society', 'Swindon', 'Wiltshire', 'SN38 3FN'],
    phone: '0800 464 30 18',
    website: 'https://www.nationwide.co.uk/help/challenging-times/bereavement',
    needs: [
      'Their full name, date of birth and date of death',
      "The personal representative's name and address",
      'The original or a copy of the death certificate',
    ],
    usualReplyDays: 10,
    deathNotificationService: true,
    sources: [
      { title: 'Nationwide: Dealing with bereavement', url: 'https://www.nationwide.co.uk/support/challenging-times/bereavement/overview' },
      { title: 'Nationwide: Tell us about the death', url: 'https://www.nationwide.co.uk/help/challenging-times/bereavement/tell-us/' },
    ],
  }),
  entry({
    key: 'halifax',
    name: 'Halifax',
    kind: 'bank',
    jurisdictions: UK,
    phone: '0800 028 1057',
    website: 'https://www.halifax.co.uk/helpcentre/bereavement/',
    needs: ['The death certificate', YOUR_ID, 'Passbooks, cards and cheque books, to help find the accounts'],
    deathNotificationService: true,
    sources: [{ title: 'Halifax: Losing a loved one', url: 'https://www.halifax.co.uk/helpcentre/bereavement/' }, DNS_MEMBERS_PAGE],
  }),
  entry({
    key: 'tsb',
    name: 'TSB',
    kind: 'bank',
    jurisdictions: UK,
    website: 'https://www.tsb.co.uk/help-and-support/bereavement-and-coping-with-loss/',
    needs: [CERTIFIED_DEATH_CERTIFICATE],
    sources: [
      { title: 'TSB: Bereavement and coping with loss', url: 'https://www.tsb.co.uk/help-and-support/bereavement-and-coping-with-loss/' },
    ],
  }),
  entry({
    key: 'monzo',
    name: 'Monzo',
    kind: 'bank',
    jurisdictions: UK,
    phone: '0800 802 1281',
    email: 'bereavements@monzo.com',
    website: 'https://monzo.com/blog/bereavments-how-we-can-help-if-someone-with-a-monzo-account-dies/',
    needs: [
      'A scanned copy or clear photograph of the death certificate',
      'The full name, email address or phone number on the account, or the account number',
      'A will or probate, if the balance is more than £5,000',
    ],
    sources: [
      {
        title: 'Monzo: How we can support you if someone with a Monzo account dies',
        url: 'https://monzo.com/blog/bereavments-how-we-can-help-if-someone-with-a-monzo-account-dies/',
      },
    ],
  }),
  entry({
    key: 'starling',
    name: 'Starling Bank',
    kind: 'bank',
    jurisdictions: UK,
    address: ['Bereavement Team', 'Starling Bank Limited', '5th Floor', 'London Fruit and Wool Exchange', '1 Duval Square', 'E1 6PW'],
    phone: '020 7930 4450',
    website: 'https://www.starlingbank.com/faq/customer-support/bereavement/',
    needs: [
      'A copy of the death certificate or coroner’s certificate',
      'A copy of the will, if there is one',
      'A certified copy of your photocard driving licence or passport',
      'A grant of probate or letters of administration, if the balance is more than £10,000',
    ],
    sources: [{ title: 'Starling Bank: What to do when someone dies', url: 'https://www.starlingbank.com/faq/customer-support/bereavement/' }],
  }),
  entry({
    key: 'bank-of-ireland-uk',
    name: 'Bank of Ireland UK',
    kind: 'bank',
    jurisdictions: ['Northern Ireland'],
    address: ['Bank of Ireland UK Bereavement Unit', 'PO Box 2298', 'Belfast', 'BT1 9AP'],
    website: 'https://www.bankofirelanduk.com/help-and-support/help-and-guidance/bereavement/',
    needs: [CERTIFIED_DEATH_CERTIFICATE, YOUR_ID],
    sources: [
      {
        title: 'Bank of Ireland UK: Support during bereavement',
        url: 'https://www.bankofirelanduk.com/help-and-support/help-and-guidance/bereavement/',
      },
    ],
  }),
  entry({
    key: 'bank-of-ireland',
    name: 'Bank of Ireland',
    kind: 'bank',
    jurisdictions: IRELAND,
    address: ['Bereavement Support Unit', 'Bank of Ireland', 'PO Box 365', 'Dublin 18'],
    phone: '1800 800656',
    website: 'https://personalbanking.bankofireland.com/financial-wellbeing/extra-help/bereavement',
    needs: ['Certified proof of death', 'A copy of the will', YOUR_ID, 'Proof of your address, if you are not a Bank of Ireland customer'],
    sources: [
      { title: 'Bank of Ireland: Bereavement', url: 'https://personalbanking.bankofireland.com/financial-wellbeing/extra-help/bereavement' },
      { title: 'Bank of Ireland: Bereavement Support', url: 'https://www.bankofireland.com/bereavement-support/' },
    ],
  }),
  entry({
    key: 'aib',
    name: 'AIB',
    kind: 'bank',
    jurisdictions: IRELAND,
    phone: '+353 1 641 5182',
    website: 'https://www.aib.ie/deceased',
    needs: [CERTIFIED_DEATH_CERTIFICATE, YOUR_ID],
    sources: [
      {
        title: 'AIB Bereavement Guide (a copy of the guide, read at paperzz.com)',
        url: 'https://paperzz.com/doc/7714850/a-guide-to-settling-financial-affairs-during-bereavement.',
      },
    ],
  }),
  entry({
    key: 'ptsb',
    name: 'PTSB (permanent tsb)',
    kind: 'bank',
    jurisdictions: IRELAND,
    website: 'https://www.permanenttsb.ie/help-and-support/life-changes/bereavement-support/',
    needs: [CERTIFIED_DEATH_CERTIFICATE, 'An Irish grant of representation, if the estate is €25,000 or more'],
    sources: [
      {
        title: 'PTSB: Releasing funds (bereavement support)',
        url: 'https://www.permanenttsb.ie/help-and-support/life-changes/bereavement-support/releasing-funds/',
      },
    ],
  }),
];

const METER_READINGS = 'Up-to-date meter readings for the property, if you can';

const ENERGY: StartingDirectoryEntry[] = [
  entry({
    key: 'british-gas',
    name: 'British Gas',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://www.britishgas.co.uk',
    needs: [METER_READINGS],
    sources: homePageOnly('British Gas', 'https://www.britishgas.co.uk'),
  }),
  entry({
    key: 'octopus-energy',
    name: 'Octopus Energy',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://octopus.energy',
    needs: [METER_READINGS],
    sources: homePageOnly('Octopus Energy', 'https://octopus.energy'),
  }),
  entry({
    key: 'edf',
    name: 'EDF',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://www.edfenergy.com',
    needs: [METER_READINGS],
    sources: homePageOnly('EDF', 'https://www.edfenergy.com'),
  }),
  entry({
    key: 'eon-next',
    name: 'E.ON Next',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    phone: '0808 501 5035',
    email: 'bereavement@eonnext.com',
    website: 'https://www.eonnext.com/help/other-faqs',
    needs: [
      'The full address of their property',
      'Whether the property is now empty, being sold, or someone is moving in',
      'A meter reading, unless the property has a smart meter',
    ],
    sources: [{ title: 'E.ON Next: Supporting you through a bereavement', url: 'https://www.eonnext.com/help/other-faqs' }],
  }),
  entry({
    key: 'ovo',
    name: 'OVO',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://www.ovoenergy.com',
    needs: [METER_READINGS],
    sources: homePageOnly('OVO', 'https://www.ovoenergy.com'),
  }),
  entry({
    key: 'scottish-power',
    name: 'ScottishPower',
    kind: 'energy',
    jurisdictions: GREAT_BRITAIN,
    website: 'https://scottishpower.co.uk/support-centre/bereavement',
    needs: [
      "Their account number or the property's address",
      METER_READINGS,
      'A forwarding address for letters',
      'Sometimes a grant of representation or confirmation',
    ],
    sources: [{ title: 'ScottishPower: Bereavement', url: 'https://scottishpower.co.uk/support-centre/bereavement' }],
  }),
  entry({
    key: 'electric-ireland',
    name: 'Electric Ireland',
    kind: 'energy',
    jurisdictions: ['Ireland', 'Northern Ireland'],
    website: 'https://www.electricireland.ie',
    needs: [METER_READINGS],
    sources: homePageOnly('Electric Ireland', 'https://www.electricireland.ie'),
  }),
  entry({
    key: 'bord-gais-energy',
    name: 'Bord Gáis Energy',
    kind: 'energy',
    jurisdictions: IRELAND,
    website: 'https://www.bordgaisenergy.ie',
    needs: [METER_READINGS],
    sources: homePageOnly('Bord Gáis Energy', 'https://www.bordgaisenergy.ie'),
  }),
  entry({
    key: 'sse-airtricity',
    name: 'SSE Airtricity',
    kind: 'energy',
    jurisdictions: ['Ireland', 'Northern Ireland'],
    website: 'https://www.sseairtricity.com',
    needs: [METER_READINGS],
    sources: homePageOnly('SSE Airtricity', 'https://www.sseairtricity.com'),
  }),
];

/** The starting set. Directory ids of seeded entries are their key. */
export const STARTING_DIRECTORY: readonly StartingDirectoryEntry[] = [...NATIONAL_BODIES, ...BANKS, ...ENERGY];

/**
 * What this review could not confirm, by entry key, so staff know where to look first. An entry not listed
 * here had its postal address, phone and needs read from its own bereavement page.
 */
export const STARTING_DIRECTORY_GAPS: Readonly<Record<string, string>> = {
  hmrc: 'No bereavement postal address or phone number confirmed on an HMRC page.',
  dwp: 'No bereavement postal address or phone number confirmed on a DWP page.',
  dvla: 'No postal address confirmed on a DVLA page.',
  'hm-passport-office': 'No postal address confirmed on a current HM Passport Office page.',
  'ni-bereavement-service': 'Phone number and address not confirmed.',
  dva: 'DVA bereavement page not read; phone and address not confirmed.',
  revenue: 'Revenue bereavement page not read; contact details not confirmed.',
  'department-of-social-protection': 'Each payment section has its own contact; none confirmed.',
  ndls: 'NDLS bereavement page not read.',
  'passport-office-ireland': 'Passport Office bereavement page not read.',
  hsbc: 'No current postal address confirmed (an older page gave one; left out).',
  lloyds: 'No postal address confirmed.',
  natwest: 'No postal address confirmed.',
  halifax: 'No postal address confirmed.',
  tsb: 'No phone number or postal address confirmed; Death Notification Service membership not confirmed.',
  monzo: 'No postal address confirmed (Monzo works by email and phone).',
  aib: 'The guide was read from a copy, not from aib.ie; no postal address confirmed.',
  ptsb: 'No phone number or postal address confirmed.',
  'british-gas': 'Bereavement page not read.',
  'octopus-energy': 'Bereavement page not read.',
  edf: 'Bereavement page not read on edfenergy.com.',
  'eon-next': 'No postal address confirmed (E.ON Next takes e-mail, phone and an online form).',
  ovo: 'Bereavement page not read.',
  'scottish-power': 'Phone number and postal address not confirmed.',
  'electric-ireland': 'Bereavement page not read.',
  'bord-gais-energy': 'Bereavement page not read.',
  'sse-airtricity': 'Bereavement page not read.',
};
