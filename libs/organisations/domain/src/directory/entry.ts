import type { Jurisdiction, OrganisationRequest } from '@afterwards/contracts';

// What every entry of the starting directory shares: its shape, its defaults and the pages several cite.

export type StartingDirectoryEntry = OrganisationRequest & { key: string };

const REVIEWED_ON = '2026-11-28';
/** The product's default wait before a letter is shown as waiting, where the organisation gives no time. */
const DEFAULT_REPLY_DAYS = 21;

export const UK: Jurisdiction[] = ['England', 'Wales', 'Scotland', 'Northern Ireland'];
export const GREAT_BRITAIN: Jurisdiction[] = ['England', 'Wales', 'Scotland'];
export const IRELAND: Jurisdiction[] = ['Ireland'];

export const CERTIFIED_DEATH_CERTIFICATE = 'A certified copy of the death certificate';
export const YOUR_ID = 'Proof of your identity';

export const TELL_US_ONCE_PAGE = {
  title: 'GOV.UK: Organisations you need to contact and Tell Us Once',
  url: 'https://www.gov.uk/after-a-death/organisations-you-need-to-contact-and-tell-us-once',
};
export const NI_AFTER_A_DEATH = { title: 'nidirect: What to do after a death', url: 'https://www.nidirect.gov.uk/articles/what-do-after-death' };
export const IE_RECENTLY_BEREAVED = {
  title: 'gov.ie: Recently bereaved (Department of Social Protection)',
  url: 'https://gov.ie/en/publication/847761-recently-bereaved',
};

export function homePageOnly(name: string, url: string) {
  return [{ title: `${name} home page (bereavement page not confirmed)`, url }];
}

interface Draft extends Partial<OrganisationRequest> {
  key: string;
  name: string;
  kind: OrganisationRequest['kind'];
  jurisdictions: Jurisdiction[];
  sources: OrganisationRequest['sources'];
}

export function entry(d: Draft): StartingDirectoryEntry {
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
