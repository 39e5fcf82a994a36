import type { MailMessage } from './mail';
import { renderEmail } from './templates';

/** Mirrors MemoryNoticeKind (libs/cases/domain): the mail library depends on no context. */
export type MemoryNoticeEmailKind = 'memory-deleted' | 'owner-account-deleted' | 'removed' | 'member-left';

export interface MemoryNoticeEmailInput {
  readonly to: string;
  readonly name?: string | null;
  readonly kind: MemoryNoticeEmailKind;
  /** The person who died, as the family wrote the name. */
  readonly deceasedName: string;
  /** Who made the change: the owner, or (member-left) the person who left; null when their name is unknown. */
  readonly actorName: string | null;
  readonly dashboardUrl: string;
  readonly supportEmail?: string;
}

/**
 * Someone lost a memory, or left one: a short, calm note. It names only the person who died and who made the
 * change, never the memory's own name or anything in it (tasks, notes, files), which may be private.
 */
export function memoryNoticeEmail(input: MemoryNoticeEmailInput): MailMessage {
  const who = input.actorName || 'The person who shared it';
  const memory = `the memory of ${input.deceasedName}`;
  const lines: Record<MemoryNoticeEmailKind, { subject: string; paragraphs: string[]; action: string }> = {
    'memory-deleted': {
      subject: `${input.deceasedName}: a shared memory has been deleted`,
      paragraphs: [
        `${who} has deleted ${memory} on Afterwards. It was shared with you, so we wanted you to know: you can no longer see it.`,
        'Nothing else in your account has changed. If you still need any of it, you may want to speak to them.',
      ],
      action: 'Open my memories',
    },
    'owner-account-deleted': {
      subject: `${input.deceasedName}: a shared memory is no longer available`,
      paragraphs: [
        `${who} has closed their Afterwards account, and ${memory} that they shared with you was deleted with it. You can no longer see it.`,
        'Nothing else in your account has changed. If you still need any of it, you may want to speak to them.',
      ],
      action: 'Open my memories',
    },
    removed: {
      subject: `${input.deceasedName}: a memory is no longer shared with you`,
      paragraphs: [
        `${who} has stopped sharing ${memory} with you on Afterwards, so you can no longer see it.`,
        `If you think this was a mistake, you may want to speak to ${input.actorName ?? 'them'}.`,
      ],
      action: 'Open my memories',
    },
    'member-left': {
      subject: `${input.deceasedName}: someone has left your shared memory`,
      paragraphs: [
        `${input.actorName || 'Someone you shared it with'} is no longer on ${memory}: they have left it, or closed their Afterwards account.`,
        'The memory stays with you, with everything in it. You can share it again at any time.',
      ],
      action: 'Open my memories',
    },
  };
  const chosen = lines[input.kind];
  return renderEmail({
    to: input.to,
    kind: `memory-notice-${input.kind}`,
    subject: chosen.subject,
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    paragraphs: chosen.paragraphs,
    action: { label: chosen.action, url: input.dashboardUrl },
    after: [],
    supportEmail: input.supportEmail,
  });
}
