import type { MailMessage } from './mail';

const PRODUCT = 'Afterwards';
const TAGLINE = 'Guidance through difficult times';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function describeDuration(seconds: number): string {
  if (seconds % 86_400 === 0) return `${seconds / 86_400} day${seconds === 86_400 ? '' : 's'}`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} hour${seconds === 3_600 ? '' : 's'}`;
  return `${Math.round(seconds / 60)} minutes`;
}

export interface Layout {
  readonly to: string;
  readonly kind: string;
  readonly subject: string;
  readonly greeting: string;
  readonly paragraphs: readonly string[];
  readonly action: { label: string; url: string };
  readonly after: readonly string[];
  /** A last line with a link of its own (e.g. turning reminders off), after `after`. */
  readonly footerLink?: { text: string; label: string; url: string } | undefined;
  readonly supportEmail?: string | undefined;
}

export function renderEmail(l: Layout): MailMessage {
  const support = l.supportEmail ? `If you need help, write to ${l.supportEmail}.` : undefined;
  const text = [
    l.greeting,
    '',
    ...l.paragraphs.flatMap((p) => [p, '']),
    `${l.action.label}:`,
    l.action.url,
    '',
    ...l.after.flatMap((p) => [p, '']),
    ...(l.footerLink ? [`${l.footerLink.text} ${l.footerLink.label}:`, l.footerLink.url, ''] : []),
    ...(support ? [support, ''] : []),
    `${PRODUCT}`,
    TAGLINE,
    '',
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 16px;font-size:16px;line-height:1.6;color:#1f2937">${escapeHtml(s)}</p>`;
  const html = `<!doctype html>
<html lang="en-GB">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(l.subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f3ef;font-family:Georgia,'Times New Roman',serif">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f3ef;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="margin:0 0 4px;font-size:20px;font-weight:bold;color:#334155">${PRODUCT}</p>
<p style="margin:0 0 24px;font-size:14px;color:#64748b">${TAGLINE}</p>
${p(l.greeting)}
${l.paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(l.action.url)}" style="display:inline-block;background:#4f6d7a;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-size:16px">${escapeHtml(l.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#475569">If the button does not work, copy this link into your browser:<br><a href="${escapeHtml(l.action.url)}" style="color:#4f6d7a;word-break:break-all">${escapeHtml(l.action.url)}</a></p>
${l.after.map(p).join('\n')}
${l.footerLink ? `<p style="margin:0 0 16px;font-size:14px;line-height:1.6;color:#475569">${escapeHtml(l.footerLink.text)} <a href="${escapeHtml(l.footerLink.url)}" style="color:#4f6d7a">${escapeHtml(l.footerLink.label)}</a></p>` : ''}
${support ? p(support) : ''}
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { to: l.to, kind: l.kind, subject: l.subject, text, html, links: l.footerLink ? [l.action.url, l.footerLink.url] : [l.action.url] };
}

export function verificationEmail(input: { to: string; name?: string | null; url: string; expiresInSeconds: number; supportEmail?: string }): MailMessage {
  return renderEmail({
    to: input.to,
    kind: 'verify-email',
    subject: `Confirm your e-mail address for ${PRODUCT}`,
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    paragraphs: [
      `Thank you for creating an account with ${PRODUCT}. Please confirm that this is your e-mail address, so that you can sign in and we can reach you about your account.`,
    ],
    action: { label: 'Confirm my e-mail address', url: input.url },
    after: [
      `This link works for ${describeDuration(input.expiresInSeconds)}. If it has expired, you can ask for a new one from the sign-in page.`,
      `If you did not create an account, you can ignore this e-mail; nothing will happen.`,
    ],
    supportEmail: input.supportEmail,
  });
}

export function resetPasswordEmail(input: { to: string; name?: string | null; url: string; expiresInSeconds: number; supportEmail?: string }): MailMessage {
  return renderEmail({
    to: input.to,
    kind: 'reset-password',
    subject: `Reset your ${PRODUCT} password`,
    greeting: input.name ? `Hello ${input.name},` : 'Hello,',
    paragraphs: [`We received a request to reset the password for your ${PRODUCT} account. You can choose a new password with the link below.`],
    action: { label: 'Choose a new password', url: input.url },
    after: [
      `This link works for ${describeDuration(input.expiresInSeconds)} and can be used once. When you set a new password, you will be signed out on your other devices.`,
      `If you did not ask for this, you can ignore this e-mail: your password stays the same.`,
    ],
    supportEmail: input.supportEmail,
  });
}

/** An invitation to help with (or see) a memory someone shares. */
export function memoryInvitationEmail(input: {
  to: string;
  invitedBy: string;
  deceasedName: string;
  role: 'editor' | 'viewer';
  url: string;
  expiresInSeconds: number;
  supportEmail?: string;
}): MailMessage {
  const what =
    input.role === 'editor'
      ? 'You will be able to tick off tasks, add documents and keep notes together.'
      : 'You will be able to see the checklist, documents and notes, and download files.';
  return renderEmail({
    to: input.to,
    kind: 'memory-invitation',
    subject: `${input.invitedBy} has shared the tasks for ${input.deceasedName} with you`,
    greeting: 'Hello,',
    paragraphs: [
      `${input.invitedBy} is using ${PRODUCT} to keep track of what needs doing after the death of ${input.deceasedName}, and would like you to share it with them.`,
      what,
    ],
    action: { label: 'Open the invitation', url: input.url },
    after: [
      `This link works for ${describeDuration(input.expiresInSeconds)}. You can accept it with an account for this e-mail address, or create one.`,
      `If you were not expecting this, you can ignore this e-mail; nothing will happen.`,
    ],
    supportEmail: input.supportEmail,
  });
}
