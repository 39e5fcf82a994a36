import type { MemoryOrganisationStatus, OrganisationAnswers, OrganisationKind, PostalAddress, TellingService } from '@afterwards/contracts';

export const MEMORY_ORGANISATIONS_STREAM_PREFIX = 'memory-organisations-';
/** One stream per memory: its answers and every organisation on its list. */
export const memoryOrganisationsStreamId = (caseId: string): string => `${MEMORY_ORGANISATIONS_STREAM_PREFIX}${caseId}`;

/**
 * Text sealed by the server (AES-256-GCM under the memory's own key) before it reaches the domain: account
 * numbers and references, notes, the family's letter text, a service's reference. The domain only carries it.
 */
export type Sealed = string;

/** The family's answers to the plain questions the starting list is made from. */
export interface OrganisationAnswersGiven {
  type: 'OrganisationAnswersGiven';
  data: { caseId: string; answers: OrganisationAnswers };
}

/** The last address of the person who died, as the letters give it (sealed; null: taken away). */
export interface DeceasedLastAddressGiven {
  type: 'DeceasedLastAddressGiven';
  data: { caseId: string; lastAddress: Sealed | null };
}

/** An organisation put on the memory's list: a directory entry (copied as it was) or one of the family's own. */
export interface MemoryOrganisationAdded {
  type: 'MemoryOrganisationAdded';
  data: {
    caseId: string;
    entryId: string;
    organisationId: string | null;
    name: string;
    kind: OrganisationKind;
    address: PostalAddress;
    email: string | null;
    usualReplyDays: number;
  };
}

/** References, notes or the letter's text changed; only the fields named changed (each sealed). */
export interface MemoryOrganisationEdited {
  type: 'MemoryOrganisationEdited';
  data: {
    caseId: string;
    entryId: string;
    references?: Sealed;
    notes?: Sealed;
    /** null: back to the prepared text. */
    letterText?: Sealed | null;
  };
}

/** Where telling the organisation stands, on the day the family says it happened. */
export interface MemoryOrganisationStatusChanged {
  type: 'MemoryOrganisationStatusChanged';
  data: {
    caseId: string;
    entryId: string;
    status: MemoryOrganisationStatus;
    on: string;
    service: TellingService | null;
    serviceReference: Sealed | null;
    amountMinor: number | null;
  };
}

export interface MemoryOrganisationRemoved {
  type: 'MemoryOrganisationRemoved';
  data: { caseId: string; entryId: string };
}

/** Delete Forever: the tombstone that replaces the stream's whole history (ids only, no names). */
export interface MemoryOrganisationsErased {
  type: 'MemoryOrganisationsErased';
  data: { caseId: string; erasedAt: string };
}

export type MemoryOrganisationsEvent =
  | OrganisationAnswersGiven
  | DeceasedLastAddressGiven
  | MemoryOrganisationAdded
  | MemoryOrganisationEdited
  | MemoryOrganisationStatusChanged
  | MemoryOrganisationRemoved
  | MemoryOrganisationsErased;

export const MEMORY_ORGANISATIONS_EVENT_TYPES = [
  'OrganisationAnswersGiven',
  'DeceasedLastAddressGiven',
  'MemoryOrganisationAdded',
  'MemoryOrganisationEdited',
  'MemoryOrganisationStatusChanged',
  'MemoryOrganisationRemoved',
  'MemoryOrganisationsErased',
] as const satisfies readonly MemoryOrganisationsEvent['type'][];
