import type { Jurisdiction, StartingList } from '@afterwards/contracts';

export type TellingServiceFacts = StartingList['services'][number];

/** Where GOV.UK Tell Us Once works: England, Scotland and Wales only (not Northern Ireland; not Ireland). */
export const TELL_US_ONCE_JURISDICTIONS: readonly Jurisdiction[] = ['England', 'Wales', 'Scotland'];
/** The Death Notification Service is run for UK banks and building societies. */
export const DEATH_NOTIFICATION_SERVICE_JURISDICTIONS: readonly Jurisdiction[] = ['England', 'Wales', 'Scotland', 'Northern Ireland'];

export function tellUsOnceWorksIn(jurisdiction: Jurisdiction): boolean {
  return TELL_US_ONCE_JURISDICTIONS.includes(jurisdiction);
}

/**
 * The two services that tell many organisations at once, as facts with their source and the day they were
 * read. The words say what each covers and how to use it; whether it works here is worked out per memory.
 */
const TELL_US_ONCE: Omit<TellingServiceFacts, 'available'> = {
  key: 'tell-us-once',
  name: 'Tell Us Once',
  covers:
    'A free government service that tells most government organisations about the death in one go: HMRC, the DWP and the Pension Service, ' +
    'the DVLA, HM Passport Office and the council. It stops benefits and cancels the passport and driving licence. ' +
    'It does not tell banks, pension companies, energy suppliers or other firms: write to those yourself.',
  howTo:
    'The registrar gives you a Tell Us Once reference number when you register the death. Use it online or by phone within 28 days. ' +
    'Have their National Insurance number, passport and driving licence to hand. Then mark the organisations it told as told through Tell Us Once, with its reference.',
  source: {
    title: 'GOV.UK: Organisations you need to contact and Tell Us Once',
    url: 'https://www.gov.uk/after-a-death/organisations-you-need-to-contact-and-tell-us-once',
  },
  reviewedOn: '2026-11-28',
};

const DEATH_NOTIFICATION_SERVICE: Omit<TellingServiceFacts, 'available'> = {
  key: 'death-notification-service',
  name: 'Death Notification Service',
  covers:
    'A free online service that tells the UK banks and building societies taking part (among them Barclays, HSBC, Lloyds, Halifax, NatWest, ' +
    'Santander and Nationwide) about the death with one form. It is as well as, not instead of, each bank’s own bereavement service.',
  howTo:
    'Fill in one form at deathnotificationservice.co.uk and choose the banks to tell, or call its helpline on 0333 207 6574. ' +
    'Each bank that holds an account writes to you about the next steps, usually within 10 working days; one that holds no account does not write. ' +
    'If money needs releasing urgently, speak to the bank first.',
  source: { title: 'Death Notification Service: Frequently asked questions', url: 'https://www.deathnotificationservice.co.uk/faq.ofml' },
  reviewedOn: '2026-11-28',
};

export function tellingServices(jurisdiction: Jurisdiction): TellingServiceFacts[] {
  return [
    { ...TELL_US_ONCE, available: tellUsOnceWorksIn(jurisdiction) },
    { ...DEATH_NOTIFICATION_SERVICE, available: DEATH_NOTIFICATION_SERVICE_JURISDICTIONS.includes(jurisdiction) },
  ];
}
