import type { Jurisdiction, OrganisationAnswers, OrganisationKind, StartingList } from '@afterwards/contracts';
import { STARTING_DIRECTORY } from '../directory/starting-directory';
import { tellingServices, tellUsOnceWorksIn } from './services';

/** Whether an answer makes a national body one to tell: yes, no, or not answered yet (shown, with an 'if'). */
type Applies = 'yes' | 'no' | 'unknown';

function fromAnswer(answer: boolean | null): Applies {
  return answer === null ? 'unknown' : answer ? 'yes' : 'no';
}

interface NationalRule {
  /** The starting directory's key: the national entry's organisationId. */
  key: string;
  applies: (answers: OrganisationAnswers) => Applies;
  /** Why to tell them, said plainly; `condition` is put in front while the question is unanswered. */
  why: string;
  condition?: string;
}

const always = (): Applies => 'yes';
const drove = (a: OrganisationAnswers) => fromAnswer(a.drove);
const passport = (a: OrganisationAnswers) => fromAnswer(a.passport);
const pensionOrBenefits = (a: OrganisationAnswers) => fromAnswer(a.pensionOrBenefits);

const IF_DROVE = 'If they drove';
const IF_PASSPORT = 'If they had a passport';
const IF_PENSION = 'If they got a State Pension or benefits';

const GREAT_BRITAIN_RULES: NationalRule[] = [
  { key: 'hmrc', applies: always, why: 'to settle their tax up to the date of death.' },
  {
    key: 'dwp',
    applies: pensionOrBenefits,
    why: 'to stop their State Pension or benefits and check what may be owed either way.',
    condition: IF_PENSION,
  },
  { key: 'dvla', applies: drove, why: 'to cancel their driving licence and end any vehicle tax.', condition: IF_DROVE },
  { key: 'hm-passport-office', applies: passport, why: 'to cancel their passport, so no one else can use it.', condition: IF_PASSPORT },
];

/** The national bodies for each jurisdiction, in the order to tell them. */
const NATIONAL_RULES: Record<Jurisdiction, NationalRule[]> = {
  England: GREAT_BRITAIN_RULES,
  Wales: GREAT_BRITAIN_RULES,
  Scotland: GREAT_BRITAIN_RULES,
  'Northern Ireland': [
    {
      key: 'ni-bereavement-service',
      applies: pensionOrBenefits,
      why: 'to stop their State Pension or benefits and check what may be owed either way.',
      condition: IF_PENSION,
    },
    { key: 'hmrc', applies: always, why: 'to settle their tax up to the date of death.' },
    { key: 'dva', applies: drove, why: 'to cancel their driving licence.', condition: IF_DROVE },
    { key: 'hm-passport-office', applies: passport, why: 'to cancel their passport, so no one else can use it.', condition: IF_PASSPORT },
  ],
  Ireland: [
    {
      key: 'department-of-social-protection',
      applies: pensionOrBenefits,
      why: 'to stop their pension or payments; some payments may carry on to a partner for six weeks.',
      condition: 'If they got a pension or a social welfare payment',
    },
    { key: 'revenue', applies: always, why: 'to settle their tax up to the date of death.' },
    { key: 'ndls', applies: drove, why: 'to cancel their driving licence.', condition: IF_DROVE },
    { key: 'passport-office-ireland', applies: passport, why: 'to cancel their passport, so no one else can use it.', condition: IF_PASSPORT },
  ],
};

const DIRECTORY_BY_KEY = new Map(STARTING_DIRECTORY.map((e) => [e.key, e]));

function capitalise(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

function national(jurisdiction: Jurisdiction, answers: OrganisationAnswers, added: ReadonlySet<string>): StartingList['national'] {
  const tellUsOnceHere = tellUsOnceWorksIn(jurisdiction);
  return NATIONAL_RULES[jurisdiction].flatMap((rule) => {
    const applies = rule.applies(answers);
    const entry = DIRECTORY_BY_KEY.get(rule.key);
    if (applies === 'no' || !entry) return [];
    const why = applies === 'unknown' && rule.condition ? `${rule.condition}: ${rule.why}` : capitalise(rule.why);
    return [{ organisationId: entry.key, name: entry.name, why, tellUsOnce: tellUsOnceHere && entry.tellUsOnce, added: added.has(entry.key) }];
  });
}

type KindToAdd = StartingList['kindsToAdd'][number];

function kindsToAdd(jurisdiction: Jurisdiction, answers: OrganisationAnswers): KindToAdd[] {
  const uk = jurisdiction !== 'Ireland';
  const kinds: KindToAdd[] = [
    { kind: 'bank', why: 'Each bank they had an account with: to freeze or close the accounts, stop payments and get the balance at the date of death.' },
    { kind: 'building-society', why: 'Any building society they saved or borrowed with, for the same reasons as a bank.' },
  ];
  const add = (kind: OrganisationKind, why: string) => kinds.push({ kind, why });
  if (answers.pensionOrBenefits !== false) {
    add('pension', 'Any workplace or private pension that paid them: to stop payments, and to ask about any pension for a partner or dependants.');
  }
  if (answers.employed !== false) {
    add(
      'employer',
      answers.employed === true
        ? 'Their employer: for their final pay, and any death-in-service payment or workplace pension.'
        : 'If they were working, their employer: for their final pay, and any death-in-service payment or workplace pension.',
    );
  }
  if (answers.home === 'rented') {
    add('other', 'Their landlord or housing association: to end the tenancy and agree when the home will be cleared and the keys returned.');
    if (uk) add('council', 'The council: to end any council tenancy and any council tax or housing benefit for the home.');
  } else if (uk) {
    add('council', 'The council: for council tax or rates on their home, and any council services they used.');
  }
  if (answers.home === 'owned') {
    add('bank', 'Their mortgage lender, if there is a mortgage on the home: it may be paid off by a life policy or need paying from the estate.');
    add('insurance', 'Their home insurer: cover can change when a home is left empty, so tell them soon.');
  }
  add('insurance', 'Any life, car or other insurance they held: to claim on a life policy, or to cancel cover and ask for a refund.');
  add('energy', 'Their gas and electricity suppliers: to take a final meter reading, and close the account or move it into a new name.');
  if (jurisdiction === 'England' || jurisdiction === 'Wales' || jurisdiction === 'Scotland') {
    add('water', 'Their water company: for a final bill, or to move the account into a new name.');
  }
  add('telecoms', 'Their phone, mobile and broadband providers: to cancel or transfer the contracts.');
  add('subscription', 'Subscriptions and memberships (TV, streaming, magazines, clubs): to cancel them and ask for any refund.');
  return kinds;
}

/**
 * Who to tell, for a memory's jurisdiction and the family's answers: the national bodies that apply (each
 * linked to its directory entry, and marked when Tell Us Once tells them here), then the kinds of
 * organisation to add with why, then the services that tell many at once. `added` holds the directory ids
 * already on the memory's list.
 */
export function startingList(jurisdiction: Jurisdiction, answers: OrganisationAnswers, added: ReadonlySet<string>): StartingList {
  return {
    national: national(jurisdiction, answers, added),
    kindsToAdd: kindsToAdd(jurisdiction, answers),
    services: tellingServices(jurisdiction),
  };
}

/** No question answered yet. */
export const UNANSWERED: OrganisationAnswers = { drove: null, passport: null, pensionOrBenefits: null, home: null, employed: null };
