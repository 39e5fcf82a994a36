import type { MailMessage } from './mail';
import { renderEmail } from './templates';

/** One memory's part of the day's reminder e-mail: the words come from the cases domain (decision 0044). */
export interface ReminderDigestSection {
  /** The memory's name and the person who died, as the family wrote them. */
  readonly memoryName: string;
  readonly deceasedName: string;
  /** One line per thing due ('Register the death: the legal deadline is …, in 5 days.'). */
  readonly lines: readonly string[];
  /** What to do about them: tick them off, or, for someone who can only view, who will see them. */
  readonly note: string;
}

export interface ReminderDigestEmailInput {
  readonly to: string;
  readonly name?: string | null;
  /** 'Reminders for Margaret Jones: 2 things this week'. */
  readonly subject: string;
  readonly sections: readonly ReminderDigestSection[];
  readonly dashboardUrl: string;
  /** One click, no sign-in: stops the reminders of every memory in this e-mail for this person. */
  readonly unsubscribeUrl: string;
  readonly supportEmail?: string;
}

/** The one reminder e-mail of a person's day: what is due in each memory and when, and how to stop. */
export function reminderDigestEmail(input: ReminderDigestEmailInput): MailMessage {
  const several = input.sections.length > 1;
  const paragraphs = [
    several ? 'Here is what is coming up in the checklists you are part of.' : 'Here is what is coming up in the checklist.',
    ...input.sections.flatMap((s) => [`"${s.memoryName}", for ${s.deceasedName}:`, ...s.lines.map((line) => `– ${line}`), s.note]),
  ];
  const names = input.sections.map((s) => `"${s.memoryName}"`);
  const named = names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
  const message = renderEmail({
    to: input.to,
    kind: 'deadline-reminder',
    subject: input.subject,
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    paragraphs,
    action: { label: 'Open the checklist', url: input.dashboardUrl },
    after: [
      'We send at most one reminder e-mail a day, in the morning, and none in the first day of a new memory. You can turn all reminder e-mails off with Email Notifications in Settings, where you can also see what the next one will say.',
    ],
    footerLink: { text: `To stop reminders for ${named}, with no need to sign in:`, label: 'Stop these reminders', url: input.unsubscribeUrl },
    supportEmail: input.supportEmail,
  });
  // Mail programs offer their own "unsubscribe" from these headers: RFC 8058's one-click POST to the same
  // address stops at once, with no page to confirm (Gmail and Yahoo expect it of senders of bulk mail).
  return {
    ...message,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
