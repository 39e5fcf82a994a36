import { BANKS } from './banks';
import { ENERGY } from './energy';
import type { StartingDirectoryEntry } from './entry';
import { NATIONAL_BODIES } from './national-bodies';

export type { StartingDirectoryEntry } from './entry';

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
 *
 * Directory ids of seeded entries are their key.
 */
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

