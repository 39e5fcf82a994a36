import type { AdminOrganisation, Organisation, OrganisationKind, OrganisationSource, OrganisationStatus } from '@afterwards/contracts';
import type { OrganisationDetails } from '@afterwards/organisations-domain';
import type { Prisma } from '@afterwards/persistence';

/** A row of `organisations` as Prisma reads it. */
export type OrganisationRow = Prisma.OrganisationGetPayload<object>;

/**
 * The name as search compares it: lower case, accents gone, full stops and apostrophes dropped (so 'H.M.' is
 * 'hm' and 'Sainsbury's' 'sainsburys'), other punctuation a space. 'H.M. Revenue & Customs' is 'hm revenue
 * customs'; what a family types goes through the same function.
 */
export function searchTextOf(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'\u2019]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

const day = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

/** The columns an entry's details fill (the rest are status, version and times). */
export type OrganisationColumns = Omit<Prisma.OrganisationUncheckedCreateInput, 'id' | 'status' | 'seeded' | 'version' | 'createdAt' | 'updatedAt'>;

/** The columns of the fields an event names (all of them for an addition, the changed ones for a change). */
export function columnsOf(details: OrganisationDetails): OrganisationColumns;
export function columnsOf(details: Partial<OrganisationDetails>): Partial<OrganisationColumns>;
export function columnsOf(details: Partial<OrganisationDetails>): Partial<OrganisationColumns> {
  const d = details;
  return {
    ...(d.name !== undefined ? { name: d.name, searchName: searchTextOf(d.name) } : {}),
    ...(d.kind !== undefined ? { kind: d.kind } : {}),
    ...(d.jurisdictions !== undefined ? { jurisdictions: [...d.jurisdictions] } : {}),
    ...(d.address !== undefined ? { address: [...d.address] } : {}),
    ...('phone' in d ? { phone: d.phone ?? null } : {}),
    ...('email' in d ? { email: d.email ?? null } : {}),
    ...('website' in d ? { website: d.website ?? null } : {}),
    ...(d.needs !== undefined ? { needs: [...d.needs] } : {}),
    ...(d.usualReplyDays !== undefined ? { usualReplyDays: d.usualReplyDays } : {}),
    ...(d.deathNotificationService !== undefined ? { deathNotificationService: d.deathNotificationService } : {}),
    ...(d.tellUsOnce !== undefined ? { tellUsOnce: d.tellUsOnce } : {}),
    ...(d.sources !== undefined ? { sources: d.sources.map((s) => ({ title: s.title, url: s.url })) } : {}),
    ...(d.reviewedOn !== undefined ? { reviewedOn: day(d.reviewedOn) } : {}),
  };
}

/** An entry as families see it. */
export function organisationOf(row: OrganisationRow): Organisation {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind as OrganisationKind,
    jurisdictions: row.jurisdictions as Organisation['jurisdictions'],
    address: row.address,
    phone: row.phone,
    email: row.email,
    website: row.website,
    needs: row.needs,
    usualReplyDays: row.usualReplyDays,
    deathNotificationService: row.deathNotificationService,
    tellUsOnce: row.tellUsOnce,
    sources: row.sources as OrganisationSource[],
    reviewedOn: row.reviewedOn.toISOString().slice(0, 10),
  };
}

/** An entry as staff see it. */
export function adminOrganisationOf(row: OrganisationRow): AdminOrganisation {
  return {
    ...organisationOf(row),
    status: row.status as OrganisationStatus,
    version: Number(row.version),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
