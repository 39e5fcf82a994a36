// Given/when/then for any decider's unit tests: given the events already in a stream, when a command arrives,
// then these events are decided, or nothing, or this refusal. Pure (no product, no I/O), so a domain lib's
// tests use it as they are; one helper for every aggregate instead of one per context.
import { expect } from '@jest/globals';

/** What a decider is: the same shape as server-kit's `Decider`, without importing it into a pure test. */
export interface DeciderUnderTest<Command, Event, State> {
  readonly initialState: State;
  decide(command: Command, state: State): Event[];
  evolve(state: State, event: Event): State;
}

/** The domain's typed refusal: an Error with a stable code. */
export type Refusal<Code extends string = string> = Error & { readonly code: Code };

export interface When<Event, State, R extends Refusal> {
  /** The events decided, exactly. */
  then(expected: Event[]): void;
  /** Nothing decided: the command's effect already holds. */
  thenNothing(): void;
  /** Refused with the domain's error, with this code and message when given; the error, for more assertions. */
  thenRefused(code?: R['code'], message?: string): R;
  /** The events decided, for assertions of their own. */
  decided(): Event[];
  /** The state after the decided events. */
  thenState(): State;
}

export interface Given<Command, Event, State, R extends Refusal> {
  /** The state the events fold to. */
  readonly state: State;
  when(command: Command): When<Event, State, R>;
}

/**
 * `given` for one decider and its refusal class: `given(...events).when(command).then([...])`.
 * Given no events, the aggregate does not exist yet.
 */
export function givenWhenThen<Command, Event, State, R extends Refusal>(
  decider: DeciderUnderTest<Command, Event, State>,
  refusal: abstract new (...args: never[]) => R,
): (...events: Event[]) => Given<Command, Event, State, R> {
  return (...events) => {
    const state = events.reduce((s, e) => decider.evolve(s, e), decider.initialState);
    const decide = (command: Command) => decider.decide(command, state);
    return {
      state,
      when: (command) => ({
        then: (expected) => expect(decide(command)).toEqual(expected),
        thenNothing: () => expect(decide(command)).toEqual([]),
        thenRefused: (code, message) => {
          let error: unknown;
          try {
            decide(command);
          } catch (e) {
            error = e;
          }
          expect(error).toBeInstanceOf(refusal);
          if (code !== undefined) expect((error as R).code).toBe(code);
          if (message !== undefined) expect((error as R).message).toBe(message);
          return error as R;
        },
        decided: () => decide(command),
        thenState: () => decide(command).reduce((s, e) => decider.evolve(s, e), state),
      }),
    };
  };
}
