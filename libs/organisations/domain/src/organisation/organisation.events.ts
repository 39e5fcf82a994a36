import type { OrganisationRequest } from '@afterwards/contracts';

/** What staff (or the starting set) wrote about an organisation: the contract's request, as recorded. */
export type OrganisationDetails = OrganisationRequest;

/** Staff added an organisation to the directory, or the product seeded it from the starting set. */
export interface OrganisationAdded {
  type: 'OrganisationAdded';
  data: {
    organisationId: string;
    details: OrganisationDetails;
    seeded: boolean;
    /** The CSV import and row that added it: an import resumed after a crash knows its own rows. */
    importRow?: { importId: string; row: number };
  };
}
/** Staff changed an entry; only the fields that changed, with their new values. */
export interface OrganisationChanged {
  type: 'OrganisationChanged';
  data: { organisationId: string; changes: Partial<OrganisationDetails> };
}
/** Staff retired an entry: families no longer find it; lists that already hold it keep their copy. */
export interface OrganisationRetired {
  type: 'OrganisationRetired';
  data: { organisationId: string };
}
/** Staff brought a retired entry back. */
export interface OrganisationRestored {
  type: 'OrganisationRestored';
  data: { organisationId: string };
}

export type OrganisationEvent = OrganisationAdded | OrganisationChanged | OrganisationRetired | OrganisationRestored;
export type OrganisationEventType = OrganisationEvent['type'];

export const ORGANISATION_STREAM_PREFIX = 'organisation-';
export const organisationStreamId = (organisationId: string): string => `${ORGANISATION_STREAM_PREFIX}${organisationId}`;
