// The Case decider's test fixtures: a memory, its owner, its times and commands, and the shared given/when/then
// (`@afterwards/testing/decider`) for this decider. Used by the case.*.unit.spec.ts files only.
import { givenWhenThen } from '@afterwards/testing/decider';
import { decideCase, evolveCase, foldCase, initialCaseState, type CaseCommand, type CaseState } from './case';
import { CaseError } from './case.errors';
import type { CaseEvent, FileEntry } from './case.events';

export const OWNER = 'user-1';
export const CASE = 'case-1';
/** When the memory was opened, and when the commands under test arrive. */
export const AT = '2026-03-20T10:00:00.000Z';
export const LATER = '2026-03-21T09:00:00.000Z';
/** The first checklist document (after the 12 tasks of the England checklist). */
export const FIRST_DOCUMENT = 'item-13';

function ids(): () => string {
  let n = 0;
  return () => `item-${++n}`;
}

type Cmd<T extends CaseCommand['type']> = Omit<Extract<CaseCommand, { type: T }>, 'caseId' | 'actorId' | 'at' | 'type'> & Partial<Pick<CaseCommand, 'actorId' | 'at'>>;

/** A command by the owner, at LATER unless given. */
export function cmd<T extends CaseCommand['type']>(type: T, rest: Cmd<T>): CaseCommand {
  return { type, caseId: CASE, actorId: OWNER, at: LATER, ...rest } as unknown as CaseCommand;
}

export const open = (details: Partial<Extract<CaseCommand, { type: 'OpenCase' }>['details']> = {}, extra: object = {}): CaseCommand =>
  ({
    type: 'OpenCase',
    caseId: CASE,
    actorId: OWNER,
    at: AT,
    ids: ids(),
    details: { name: 'Mum', deceasedName: 'Margaret Ellis', jurisdiction: 'England', dateOfDeath: '2026-03-09', ...details },
    ...extra,
  }) as CaseCommand;

/** The events of a freshly opened memory (England, died 9 March 2026, opened 20 March). */
export function opened(details = {}): CaseEvent[] {
  return decideCase(open(details), initialCaseState);
}

/** A file as the server hands it over, typed from its content. */
export const pdf = (fileId: string, over: Partial<FileEntry> = {}) => ({
  fileId,
  fileName: `${fileId}.pdf`,
  fileSize: 1000,
  fileType: 'application/pdf',
  ...over,
});

/** given: the events already in the stream (none for a memory not yet opened); then `.when(command).then(…)`. */
export const given = givenWhenThen({ initialState: initialCaseState, decide: decideCase, evolve: evolveCase }, CaseError);

/** Runs commands one after another from `events`, each decided on the state the previous ones left. */
export function stateAfter(events: CaseEvent[], ...more: CaseCommand[]): { state: CaseState; events: CaseEvent[] } {
  let state = foldCase(events);
  const all = [...events];
  for (const c of more) {
    const produced = decideCase(c, state);
    all.push(...produced);
    state = produced.reduce(evolveCase, state);
  }
  return { state, events: all };
}
