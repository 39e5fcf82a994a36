import type { Jurisdiction, OrganisationKind } from '@afterwards/contracts';

/**
 * What a letter asks of each kind of organisation, in the words a family would use. Government bodies each
 * have their own ask, told apart by name because a body's kind alone ('government') does not say which.
 */
export interface KindWords {
  /** What the organisation held for the person, for the opening line ('held an account with you'). */
  relationship: string;
  /** Each one sentence; '{grant}' stands for the jurisdiction's name of the grant (see grantName). */
  asks: string[];
  /** Whether money may be held or paid out, so the grant of probate (or its equivalent) may be needed. */
  mayNeedGrant: boolean;
}

const BANK: KindWords = {
  relationship: 'held an account with you',
  asks: [
    'Please freeze any accounts in their sole name, or close them when you are able to, and tell me which accounts and products they held with you.',
    'Please stop all payments out of their accounts, including standing orders and Direct Debits.',
    'Please send me a statement for each account showing the balance at the date of death, with any interest due.',
    'Please tell me what you need to release the money or close the accounts, and whether you will need to see the {grant}.',
  ],
  mayNeedGrant: true,
};

const GOVERNMENT_BY_NAME: { test: RegExp; words: KindWords }[] = [
  {
    test: /HMRC|Revenue/i,
    words: {
      relationship: 'had a tax record with you',
      asks: [
        'Please update their tax record and tell me whether any tax is owed, or due back to their estate, up to the date of death.',
        'Please tell me whether a tax return is needed, and send me any forms I need to fill in.',
      ],
      mayNeedGrant: false,
    },
  },
  {
    test: /DWP|Work and Pensions|Pension Service|Bereavement Service|Social Protection/i,
    words: {
      relationship: 'received payments from you',
      asks: [
        'Please stop any State Pension, benefits or other payments in their name from the date of death.',
        'Please tell me whether anything was overpaid or is still owed to their estate, and how it will be settled.',
        'Please tell me whether a husband, wife, civil partner or carer can claim any payment or help.',
      ],
      mayNeedGrant: false,
    },
  },
  {
    test: /DVLA|DVA|Driver|Driving|NDLS/i,
    words: {
      relationship: 'held a driving licence',
      asks: [
        'Please cancel their driving licence. If I have found it, it is enclosed.',
        'Please tell me what to do about any vehicle registered in their name, including its tax.',
      ],
      mayNeedGrant: false,
    },
  },
  {
    test: /Passport/i,
    words: {
      relationship: 'held a passport',
      asks: ['Please cancel their passport, so no one else can use it. If I have found it, it is enclosed.', 'Please tell me whether you can return it to me once it is cancelled.'],
      mayNeedGrant: false,
    },
  },
];

const GOVERNMENT_OTHER: KindWords = {
  relationship: 'had a record with you',
  asks: ['Please update your records and stop any payments or services in their name from the date of death.'],
  mayNeedGrant: false,
};

const BY_KIND: Record<Exclude<OrganisationKind, 'government'>, KindWords> = {
  bank: BANK,
  'building-society': BANK,
  pension: {
    relationship: 'received a pension from you',
    asks: [
      'Please stop their pension payments from the date of death.',
      'Please tell me whether anything was overpaid after the date of death, and how to repay it, or whether anything is still owed to their estate.',
      'Please tell me whether any pension, lump sum or other payment is due to a husband, wife, civil partner or dependants, and how to claim it.',
      'Please tell me what forms or documents you need from me.',
    ],
    mayNeedGrant: true,
  },
  insurance: {
    relationship: 'held a policy with you',
    asks: [
      'If this is a life policy, please tell me how to make a claim and what you need from me.',
      'For any other cover, please cancel it from the date of death, or tell me how to keep it in place if it is still needed, and refund any premium paid for the time after.',
      'Please stop any payments for their policies.',
    ],
    mayNeedGrant: true,
  },
  energy: {
    relationship: 'was supplied by you',
    asks: [
      'Please take a final meter reading, or use the reading I give, and send the final bill to me.',
      'Please close the account, or tell me how to move it into the name of the person who now lives there.',
      'Please refund any credit on the account to their estate.',
    ],
    mayNeedGrant: false,
  },
  water: {
    relationship: 'had an account with you',
    asks: [
      'Please send the final bill to me, counted to the date of death or to the date the home is cleared.',
      'Please close the account, or tell me how to move it into the name of the person who now lives there.',
    ],
    mayNeedGrant: false,
  },
  telecoms: {
    relationship: 'had a phone, mobile or broadband contract with you',
    asks: [
      'Please cancel their contracts, or tell me how to move a line or number to someone else.',
      'Please tell me whether any charge for ending the contract early can be waived.',
      'Please send the final bill to me, and tell me whether any equipment needs returning.',
    ],
    mayNeedGrant: false,
  },
  council: {
    relationship: 'lived in your area',
    asks: [
      'Please end any council tax or rates in their name from the date of death, and tell me whether anything is owed or due back.',
      'Please end any council tenancy, benefit, parking permit, Blue Badge or other service in their name.',
      'Please remove them from the electoral register.',
    ],
    mayNeedGrant: false,
  },
  employer: {
    relationship: 'worked for you',
    asks: [
      'Please pay their final salary, with any holiday pay owed, and send me the details.',
      'Please tell me whether a death-in-service payment or a workplace pension is due, and how it is claimed.',
      'Please tell me what forms you need from me.',
    ],
    mayNeedGrant: false,
  },
  subscription: {
    relationship: 'had a subscription or membership with you',
    asks: [
      'Please cancel their subscription or membership from the date of death.',
      'Please stop any payments and refund anything taken for the time after the date of death.',
    ],
    mayNeedGrant: false,
  },
  other: {
    relationship: 'was a customer of yours',
    asks: [
      'Please update your records, close any account in their name, and stop any payments.',
      'Please tell me whether anything is owed, either way.',
    ],
    mayNeedGrant: false,
  },
};

export function kindWords(kind: OrganisationKind, organisationName: string): KindWords {
  if (kind !== 'government') return BY_KIND[kind];
  return GOVERNMENT_BY_NAME.find((g) => g.test.test(organisationName))?.words ?? GOVERNMENT_OTHER;
}

/** The document that gives someone the right to deal with the estate, as each jurisdiction calls it. */
export function grantName(jurisdiction: Jurisdiction): string {
  switch (jurisdiction) {
    case 'Scotland':
      return 'confirmation';
    case 'Ireland':
      return 'grant of representation';
    default:
      return 'grant of probate (or letters of administration)';
  }
}
