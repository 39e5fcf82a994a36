// A memory this person could see is gone (decision 0045): what the open screen says. The server's notice
// names the kind and the memory only; the names come from what the screen already showed.
import { MEMORY_NOTICE_KINDS, type MemoryNoticeKind } from '@afterwards/cases-domain';

export interface Farewell {
  readonly memoryId: string;
  /** Null until the notice says why (the memory's own 404 may come first). */
  readonly kind: MemoryNoticeKind | null;
  readonly deceasedName: string;
  /** Who shared it with this person. */
  readonly ownerName: string | null;
}

/** A notice message id from the `memory-notices` topic: `<kind>:<memory id>`. */
export function parseNoticeId(id: string): { kind: MemoryNoticeKind; memoryId: string } | null {
  const at = id.indexOf(':');
  const kind = id.slice(0, at) as MemoryNoticeKind;
  if (at < 0 || !MEMORY_NOTICE_KINDS.includes(kind)) return null;
  return { kind, memoryId: id.slice(at + 1) };
}

/** The calm words for it: a title, and what happened and what it means. */
export function farewellMessage(f: Farewell): { title: string; body: string } {
  const owner = f.ownerName || 'The person who shared it';
  const memory = `the memory of ${f.deceasedName}`;
  const after = 'Nothing else in your account has changed, and we have sent you an e-mail about it.';
  switch (f.kind) {
    case 'memory-deleted':
      return { title: 'This memory has been deleted', body: `${owner} has deleted ${memory}, so you can no longer see it. ${after}` };
    case 'owner-account-deleted':
      return { title: 'This memory is no longer available', body: `${owner} has closed their account, and ${memory} was deleted with it. You can no longer see it. ${after}` };
    case 'removed':
      return { title: 'This memory is no longer shared with you', body: `${owner} has stopped sharing ${memory} with you, so you can no longer see it. ${after}` };
    default:
      return {
        title: 'This memory is no longer shared with you',
        body: `${owner} no longer shares ${memory} with you, so you can no longer see it. Nothing else in your account has changed.`,
      };
  }
}
