import { ORGANISATION_MESSAGES, OrganisationRequestSchema, type OrganisationStatus } from '@afterwards/contracts';
import { OrganisationError } from './organisation.errors';
import type { OrganisationDetails, OrganisationEvent } from './organisation.events';

/** An entry of the organisation directory as its events leave it. */
export interface OrganisationState {
  readonly exists: boolean;
  readonly organisationId: string | null;
  readonly status: OrganisationStatus | null;
  readonly details: OrganisationDetails | null;
}

export const initialOrganisationState: OrganisationState = { exists: false, organisationId: null, status: null, details: null };

export type OrganisationCommand =
  /** `details` as sent: the decider checks them with the contract's schema. `seeded` for the starting set. */
  | { type: 'AddOrganisation'; organisationId: string; details: unknown; seeded?: boolean; importRow?: { importId: string; row: number } }
  | { type: 'ChangeOrganisation'; details: unknown }
  | { type: 'RetireOrganisation' }
  | { type: 'RestoreOrganisation' };

/** The details checked and tidied by the contract's schema (trimmed name), or a refusal naming each field. */
export function validOrganisationDetails(input: unknown): OrganisationDetails {
  const parsed = OrganisationRequestSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message }));
  throw new OrganisationError('ORGANISATION_INVALID', errors[0]?.message ?? 'Check the organisation’s details.', errors);
}

function mustExist(state: OrganisationState): asserts state is OrganisationState & { details: OrganisationDetails; organisationId: string } {
  if (!state.exists || !state.details || !state.organisationId) throw new OrganisationError('ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `next` that differ from `before` (absent optional fields count as null). */
function changesBetween(before: OrganisationDetails, next: OrganisationDetails): Partial<OrganisationDetails> {
  const changes: Record<string, unknown> = {};
  const keys = new Set([...Object.keys(before), ...Object.keys(next)]) as Set<keyof OrganisationDetails>;
  for (const key of keys) if (!same(before[key], next[key])) changes[key] = next[key] ?? null;
  return changes as Partial<OrganisationDetails>;
}

/** Decides what a command on one directory entry records, or refuses it. */
export function decideOrganisation(command: OrganisationCommand, state: OrganisationState): OrganisationEvent[] {
  switch (command.type) {
    case 'AddOrganisation': {
      if (state.exists) throw new OrganisationError('ORGANISATION_ALREADY_EXISTS', ORGANISATION_MESSAGES.alreadyExists);
      const details = validOrganisationDetails(command.details);
      const importRow = command.importRow ? { importRow: command.importRow } : {};
      return [{ type: 'OrganisationAdded', data: { organisationId: command.organisationId, details, seeded: command.seeded === true, ...importRow } }];
    }
    case 'ChangeOrganisation': {
      mustExist(state);
      if (state.status === 'Retired') throw new OrganisationError('ORGANISATION_RETIRED', ORGANISATION_MESSAGES.retired);
      const changes = changesBetween(state.details, validOrganisationDetails(command.details));
      // Saving without a change records nothing, so the history holds only real changes.
      return Object.keys(changes).length ? [{ type: 'OrganisationChanged', data: { organisationId: state.organisationId, changes } }] : [];
    }
    case 'RetireOrganisation':
      mustExist(state);
      if (state.status === 'Retired') throw new OrganisationError('ORGANISATION_INVALID_TRANSITION', ORGANISATION_MESSAGES.alreadyRetired);
      return [{ type: 'OrganisationRetired', data: { organisationId: state.organisationId } }];
    case 'RestoreOrganisation':
      mustExist(state);
      if (state.status !== 'Retired') throw new OrganisationError('ORGANISATION_INVALID_TRANSITION', ORGANISATION_MESSAGES.notRetired);
      return [{ type: 'OrganisationRestored', data: { organisationId: state.organisationId } }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown organisation command ${(unknown as { type: string }).type}`);
    }
  }
}

export function evolveOrganisation(state: OrganisationState, event: OrganisationEvent): OrganisationState {
  switch (event.type) {
    case 'OrganisationAdded':
      return { exists: true, organisationId: event.data.organisationId, status: 'Active', details: event.data.details };
    case 'OrganisationChanged':
      return state.details ? { ...state, details: { ...state.details, ...event.data.changes } } : state;
    case 'OrganisationRetired':
      return { ...state, status: 'Retired' };
    case 'OrganisationRestored':
      return { ...state, status: 'Active' };
    default: {
      const unknown: never = event;
      throw new Error(`Unknown organisation event ${(unknown as { type: string }).type}`);
    }
  }
}

export const foldOrganisation = (events: readonly OrganisationEvent[]): OrganisationState => events.reduce(evolveOrganisation, initialOrganisationState);
