import type { MailMessage } from './mail';
import { renderEmail } from './templates';

export interface PromotionNoticeInput {
  readonly to: string;
  readonly businessName: string;
  readonly kind: 'promotion-expiry-warning' | 'promotion-renewal-reminder';
  /** The end date, already written for people ('Tuesday 14 July 2026'). */
  readonly endsOn: string;
  readonly daysLeft: number;
  readonly renewsAutomatically: boolean;
  /** Where the business is listed (the public finder). */
  readonly url: string;
  readonly supportEmail?: string;
}

const days = (n: number) => (n === 1 ? '1 day' : `${n} days`);

/** To a promoted business: its featured place ends soon (warning), or is due for renewal (reminder). */
export function promotionNoticeEmail(input: PromotionNoticeInput): MailMessage {
  const warning = input.kind === 'promotion-expiry-warning';
  const subject = warning ? `Your featured listing ends in ${days(input.daysLeft)}` : `Your featured listing is due for renewal`;
  const paragraphs = [
    `${input.businessName} is featured at the top of the Afterwards directory of local services until ${input.endsOn} (${days(input.daysLeft)} from now).`,
    input.renewsAutomatically
      ? 'Your monthly promotion renews automatically at the end of this period; there is nothing you need to do.'
      : warning
        ? 'After that date your listing stays in the directory but is no longer featured first. To keep your place, please contact us to renew before then.'
        : 'If you would like to stay featured, please contact us to renew. Your listing stays in the directory either way.',
  ];
  return renderEmail({
    to: input.to,
    kind: input.kind,
    subject,
    greeting: `Hello ${input.businessName},`,
    paragraphs,
    action: { label: 'See the directory', url: input.url },
    after: ['You are receiving this because your business has a paid promotion with Afterwards.'],
    supportEmail: input.supportEmail,
  });
}
