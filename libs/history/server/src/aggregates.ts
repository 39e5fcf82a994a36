import { initialCaseState, evolveCase, type CaseEvent } from '@afterwards/cases-domain';
import { initialListingState, evolveListing, type ListingEvent } from '@afterwards/directory-domain';
import { initialOrganisationState, evolveOrganisation, type OrganisationEvent } from '@afterwards/organisations-domain';
import { initialPromotionState, evolvePromotion, type PromotionEvent } from '@afterwards/promotions-domain';
import { initialSettingsState, evolveSettings, type SettingsEvent } from '@afterwards/settings-domain';
import type { StreamKind } from '@afterwards/contracts';
import type { RecordedEvent } from '@afterwards/event-store';
import { toDomainEvent } from '@afterwards/server-kit';

/** Each kind's own initial state and evolve: the very code its commands fold streams with. */
interface Replayer {
  readonly initial: unknown;
  evolve(state: unknown, event: RecordedEvent): unknown;
}

const replayer = <State, Event>(initial: State, evolve: (state: State, event: Event) => State): Replayer => ({
  initial,
  evolve: (state, recorded) => evolve(state as State, toDomainEvent<Event>(recorded)),
});

export const REPLAYERS: Record<StreamKind, Replayer> = {
  listing: replayer(initialListingState, (s, e: ListingEvent) => evolveListing(s, e)),
  promotion: replayer(initialPromotionState, (s, e: PromotionEvent) => evolvePromotion(s, e)),
  settings: replayer(initialSettingsState, (s, e: SettingsEvent) => evolveSettings(s, e)),
  case: replayer(initialCaseState, (s, e: CaseEvent) => evolveCase(s, e)),
  organisation: replayer(initialOrganisationState, (s, e: OrganisationEvent) => evolveOrganisation(s, e)),
};

export function kindOf(streamId: string): StreamKind | null {
  const prefix = streamId.slice(0, streamId.indexOf('-'));
  return prefix === 'listing' || prefix === 'promotion' || prefix === 'settings' || prefix === 'case' || prefix === 'organisation' ? prefix : null;
}

/** The state after each of `events` in turn (the first event of an erased stream is its tombstone). */
export function replay(kind: StreamKind, events: readonly RecordedEvent[]): unknown[] {
  const { initial, evolve } = REPLAYERS[kind];
  const states: unknown[] = [];
  let state = initial;
  for (const event of events) {
    state = evolve(state, event);
    states.push(state);
  }
  return states;
}
