import type { MemoryOrganisationStatus, OrganisationAnswers, TellingService } from '@afterwards/contracts';
import type { MemoryOrganisationAdded, MemoryOrganisationsEvent, Sealed } from './memory-organisations.events';
import { UNANSWERED } from '../starting-list/starting-list';
import { invalidField, MEMORY_ORGANISATION_MESSAGES as M, MemoryOrganisationError } from './memory-organisations.errors';

/** How many organisations one memory's list keeps: far more than any family needs, but not without end. */
export const MEMORY_ORGANISATIONS_LIMIT = 200;
/** A letter not answered after this many days is waiting, when the organisation gives no usual time. */
export const DEFAULT_REPLY_DAYS = 21;

/** What the decider needs to know of one organisation on the list. */
export interface MemoryOrganisationEntryState {
  organisationId: string | null;
  status: MemoryOrganisationStatus;
  /** Counts the entry's own events, so an edit from a stale form is refused (not the stream's revision). */
  version: number;
}

export interface MemoryOrganisationsState {
  caseId: string | null;
  erased: boolean;
  answers: OrganisationAnswers;
  entries: Readonly<Record<string, MemoryOrganisationEntryState>>;
}

export const initialMemoryOrganisationsState: MemoryOrganisationsState = { caseId: null, erased: false, answers: UNANSWERED, entries: {} };

/** Commands. Who may send them is the server's check (the memory's owner and editors); time comes in as `today`. */
export type MemoryOrganisationsCommand =
  | { type: 'GiveOrganisationAnswers'; caseId: string; answers: OrganisationAnswers }
  | { type: 'GiveDeceasedLastAddress'; caseId: string; lastAddress: Sealed | null }
  // Adding carries exactly what the event records.
  | ({ type: 'AddMemoryOrganisation' } & MemoryOrganisationAdded['data'])
  | {
      type: 'EditMemoryOrganisation';
      caseId: string;
      entryId: string;
      /** The day the command is made (UK date), for the status's day when none is given. */
      today: string;
      expectedVersion?: number;
      references?: Sealed;
      notes?: Sealed;
      letterText?: Sealed | null;
      status?: { status: MemoryOrganisationStatus; on?: string; service?: TellingService | null; serviceReference?: Sealed | null; amountMinor?: number | null };
    }
  | { type: 'RemoveMemoryOrganisation'; caseId: string; entryId: string }
  | { type: 'EraseMemoryOrganisations'; caseId: string; erasedAt: string };

function entryOf(state: MemoryOrganisationsState, entryId: string): MemoryOrganisationEntryState {
  const entry = state.entries[entryId];
  if (!entry) throw new MemoryOrganisationError('MEMORY_ORGANISATION_NOT_FOUND', M.notFound);
  return entry;
}

function decideStatus(
  command: Extract<MemoryOrganisationsCommand, { type: 'EditMemoryOrganisation' }>,
  entry: MemoryOrganisationEntryState,
): MemoryOrganisationsEvent[] {
  const change = command.status;
  if (!change) return [];
  const on = change.on ?? command.today;
  if (on > command.today) throw invalidField('statusOn', M.dateInFuture);
  const service = change.status === 'told-by-service' ? (change.service ?? null) : null;
  if (change.status === 'told-by-service' && !service) throw invalidField('service', M.serviceRequired);
  const amountMinor = change.amountMinor ?? null;
  if (amountMinor !== null && change.status !== 'closed') throw invalidField('amountMinor', M.amountOnlyWhenClosed);
  // The same status again with nothing new to say decides nothing (a repeated click, a retried request).
  if (change.status === entry.status && change.on === undefined && change.serviceReference === undefined && change.amountMinor === undefined) return [];
  return [
    {
      type: 'MemoryOrganisationStatusChanged',
      data: {
        caseId: command.caseId,
        entryId: command.entryId,
        status: change.status,
        on,
        service,
        serviceReference: service ? (change.serviceReference ?? null) : null,
        amountMinor,
      },
    },
  ];
}

export function decideMemoryOrganisations(command: MemoryOrganisationsCommand, state: MemoryOrganisationsState): MemoryOrganisationsEvent[] {
  if (state.erased) {
    // Erasing twice (a retried Delete Forever) is done already; anything else finds nothing.
    if (command.type === 'EraseMemoryOrganisations') return [];
    throw new MemoryOrganisationError('MEMORY_ORGANISATIONS_ERASED', M.erased);
  }
  switch (command.type) {
    case 'GiveOrganisationAnswers': {
      const same = (Object.keys(command.answers) as (keyof OrganisationAnswers)[]).every((k) => command.answers[k] === state.answers[k]);
      if (same && state.caseId !== null) return [];
      return [{ type: 'OrganisationAnswersGiven', data: { caseId: command.caseId, answers: command.answers } }];
    }
    case 'GiveDeceasedLastAddress':
      // Sealed values differ each time they are sealed, so a same address cannot be told apart: it is recorded again.
      return [{ type: 'DeceasedLastAddressGiven', data: { caseId: command.caseId, lastAddress: command.lastAddress } }];
    case 'AddMemoryOrganisation': {
      if (state.entries[command.entryId]) return [];
      const name = command.name.trim();
      if (!name) throw invalidField('name', M.nameRequired);
      if (Object.keys(state.entries).length >= MEMORY_ORGANISATIONS_LIMIT) throw new MemoryOrganisationError('MEMORY_ORGANISATIONS_LIMIT', M.limit);
      if (command.organisationId !== null && Object.values(state.entries).some((e) => e.organisationId === command.organisationId)) {
        throw new MemoryOrganisationError('MEMORY_ORGANISATION_ALREADY_ADDED', M.alreadyAdded);
      }
      const { type: _type, ...data } = command;
      return [{ type: 'MemoryOrganisationAdded', data: { ...data, name } }];
    }
    case 'EditMemoryOrganisation': {
      const entry = entryOf(state, command.entryId);
      if (command.expectedVersion !== undefined && command.expectedVersion !== entry.version) {
        throw new MemoryOrganisationError('MEMORY_ORGANISATION_CHANGED', M.changed);
      }
      const events: MemoryOrganisationsEvent[] = [];
      const edited = {
        ...(command.references !== undefined ? { references: command.references } : {}),
        ...(command.notes !== undefined ? { notes: command.notes } : {}),
        ...(command.letterText !== undefined ? { letterText: command.letterText } : {}),
      };
      if (Object.keys(edited).length > 0) events.push({ type: 'MemoryOrganisationEdited', data: { caseId: command.caseId, entryId: command.entryId, ...edited } });
      return [...events, ...decideStatus(command, entry)];
    }
    case 'RemoveMemoryOrganisation':
      // Removed already (another tab, a retry): nothing more to do.
      return state.entries[command.entryId] ? [{ type: 'MemoryOrganisationRemoved', data: { caseId: command.caseId, entryId: command.entryId } }] : [];
    case 'EraseMemoryOrganisations':
      return [{ type: 'MemoryOrganisationsErased', data: { caseId: command.caseId, erasedAt: command.erasedAt } }];
  }
}

function withEntry(state: MemoryOrganisationsState, entryId: string, change: (entry: MemoryOrganisationEntryState) => MemoryOrganisationEntryState): MemoryOrganisationsState {
  const entry = state.entries[entryId];
  return entry ? { ...state, entries: { ...state.entries, [entryId]: change(entry) } } : state;
}

export function evolveMemoryOrganisations(state: MemoryOrganisationsState, event: MemoryOrganisationsEvent): MemoryOrganisationsState {
  const started = state.caseId === null ? { ...state, caseId: event.data.caseId } : state;
  switch (event.type) {
    case 'OrganisationAnswersGiven':
      return { ...started, answers: event.data.answers };
    case 'DeceasedLastAddressGiven':
      return started;
    case 'MemoryOrganisationAdded':
      return {
        ...started,
        entries: { ...started.entries, [event.data.entryId]: { organisationId: event.data.organisationId, status: 'to-tell', version: 1 } },
      };
    case 'MemoryOrganisationEdited':
      return withEntry(started, event.data.entryId, (e) => ({ ...e, version: e.version + 1 }));
    case 'MemoryOrganisationStatusChanged':
      return withEntry(started, event.data.entryId, (e) => ({ ...e, status: event.data.status, version: e.version + 1 }));
    case 'MemoryOrganisationRemoved': {
      const { [event.data.entryId]: _removed, ...entries } = started.entries;
      return { ...started, entries };
    }
    case 'MemoryOrganisationsErased':
      return { ...initialMemoryOrganisationsState, caseId: event.data.caseId, erased: true };
  }
}
