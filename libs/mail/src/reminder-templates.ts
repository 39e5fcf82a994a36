import type { MailMessage } from './mail';
import { renderEmail } from './templates';

export interface ReminderEmailInput {
  readonly to: string;
  readonly name?: string | null;
  /** The memory's name and the person who died, as the family wrote them. */
  readonly memoryName: string;
  readonly deceasedName: string;
  readonly taskTitle: string;
  readonly legal: boolean;
  /** The due date, already written for people ('Saturday 14 March 2026'). */
  readonly dueOn: string;
  /** Days from today to the due date: 0 on the day. */
  readonly daysLeft: number;
  /** What the family can still do if a legal deadline is missed (the checklist's late note). */
  readonly lateNote?: string | null;
  readonly dashboardUrl: string;
  /** One click, no sign-in: stops this memory's reminders for this person. */
  readonly unsubscribeUrl: string;
  readonly supportEmail?: string;
}

const when = (daysLeft: number) => (daysLeft <= 0 ? 'today' : daysLeft === 1 ? 'tomorrow' : `in ${daysLeft} days`);

/** A reminder before a legal deadline or a suggested timing: plain words, what is due and when, and how to stop. */
export function reminderEmail(input: ReminderEmailInput): MailMessage {
  const subject = input.legal
    ? `Reminder: ${input.taskTitle} – legal deadline ${when(input.daysLeft)}`
    : `Reminder: ${input.taskTitle} – suggested by ${input.dueOn}`;
  const paragraphs = [
    `This is a reminder from your checklist "${input.memoryName}" for ${input.deceasedName}.`,
    input.legal
      ? `${input.taskTitle}: the legal deadline is ${input.dueOn}, ${when(input.daysLeft)}.`
      : `${input.taskTitle}: we suggest doing this by ${input.dueOn} (${when(input.daysLeft)}). This is a suggested timing, not a legal deadline.`,
    ...(input.legal && input.lateNote ? [`If it cannot be done in time: ${input.lateNote}`] : []),
    'If it is already done, you can tick it off in your checklist and we will not remind you about it again.',
  ];
  const message = renderEmail({
    to: input.to,
    kind: 'deadline-reminder',
    subject,
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    paragraphs,
    action: { label: 'Open my checklist', url: input.dashboardUrl },
    after: ['You get these e-mails because reminders are on for this checklist. You can turn all reminder e-mails off with Email Notifications in Settings.'],
    footerLink: { text: `To stop reminders for "${input.memoryName}", with no need to sign in:`, label: 'Stop these reminders', url: input.unsubscribeUrl },
    supportEmail: input.supportEmail,
  });
  // Mail programs offer their own "unsubscribe" from these headers: RFC 8058's one-click POST to the same
  // address stops at once, with no page to confirm (Gmail and Yahoo expect it of senders of bulk mail).
  return {
    ...message,
    headers: { 'List-Unsubscribe': `<${input.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
  };
}
