// Who may do what on a memory: the one rule. The Case aggregate refuses a command by it (case.state.ts,
// mustBeAllowed) and the screens show an action only when it allows it, so the two cannot drift apart.
import type { MemoryPerson, MemoryRole } from './memories';

/** The things a person can do on a memory, each as the screens offer it. */
export const MEMORY_ACTIONS = ['read', 'tick', 'upload', 'write-notes', 'tell-organisations', 'edit-details', 'share', 'export', 'delete'] as const;
export type MemoryAction = (typeof MEMORY_ACTIONS)[number];

/**
 * The least role each action needs. Viewers read (and download files); editors also tick tasks, collect,
 * upload and settle documents, write notes and keep the organisations to tell (add them, their references,
 * statuses and letters); only the owner edits the details and photo, shares, prepares
 * the whole download and deletes forever.
 */
export const LEAST_ROLE: Readonly<Record<MemoryAction, MemoryRole>> = {
  read: 'viewer',
  tick: 'editor',
  upload: 'editor',
  'write-notes': 'editor',
  'tell-organisations': 'editor',
  'edit-details': 'owner',
  share: 'owner',
  export: 'owner',
  delete: 'owner',
};

const RANK: Readonly<Record<MemoryRole, number>> = { viewer: 0, editor: 1, owner: 2 };

/** Whether someone with this role on a memory (none: not on it) may take the action. */
export function memoryMay(role: MemoryRole | null | undefined, action: MemoryAction): boolean {
  return role != null && RANK[role] >= RANK[LEAST_ROLE[action]];
}

/** The memories among these on which the action is allowed (e.g. where a new note may go). */
export function memoriesWhereMay<T extends { role: MemoryRole }>(memories: readonly T[], action: MemoryAction): T[] {
  return memories.filter((m) => memoryMay(m.role, action));
}

/** 'Ann', 'Ann and Ben', 'Ann, Ben and Cara'. */
function listWords(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A memory as the privacy sentences need it: the signed-in person's role and everyone on it. */
export interface MemoryWithPeople {
  name: string;
  role: MemoryRole;
  people: readonly Pick<MemoryPerson, 'name' | 'role'>[];
}

/** The person's own memories that others can see, each with who (by name): [] while nothing is shared. */
export function sharedOwnMemories(memories: readonly MemoryWithPeople[]): { name: string; people: string[] }[] {
  return memories
    .filter((m) => m.role === 'owner')
    .map((m) => ({ name: m.name, people: m.people.filter((p) => p.role !== 'owner').map((p) => p.name.trim() || 'someone') }))
    .filter((m) => m.people.length > 0);
}

/**
 * Settings' privacy banner: 'only you can see it' while it is true; once the person shares a memory, who
 * can see which ('Ann Ellis can see Mum's affairs'); and, for someone who writes in others' memories, that
 * what they add there is seen by everyone on them.
 */
export function privacyStatement(memories: readonly MemoryWithPeople[]): string {
  const shared = sharedOwnMemories(memories);
  const mine =
    shared.length === 0
      ? 'Everything you keep in Afterwards is encrypted and only you can see it.'
      : `Everything you keep in Afterwards is encrypted and only you can see it, apart from what you have shared: ${listWords(
          shared.map((m) => `${listWords(m.people)} can see ${m.name}`),
        )}.`;
  const writesInOthers = memories.some((m) => m.role !== 'owner' && memoryMay(m.role, 'write-notes'));
  return writesInOthers ? `${mine} What you add to a memory shared with you can be seen by everyone on it.` : mine;
}

/** The create-memory dialog's promise: true whether or not the person has shared other memories. */
export function newMemoryPrivacyStatement(memories: readonly MemoryWithPeople[]): string {
  return sharedOwnMemories(memories).length === 0 ? 'Only you can see your memories.' : 'Only you will see this memory, unless you share it.';
}
