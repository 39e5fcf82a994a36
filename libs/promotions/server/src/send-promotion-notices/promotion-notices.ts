import { defineJob, type JobQueue } from '@afterwards/jobs';
import { promotionNoticeEmail, type Mailer } from '@afterwards/mail';
import type { EventStore, RecordedEvent } from '@afterwards/event-store';
import type { PrismaClient } from '@afterwards/persistence';
import { startOfDate } from '@afterwards/checklist-domain';
import { PROMOTION_STREAM_PREFIX, renewsAutomatically, type PromotionEvent } from '@afterwards/promotions-domain';
import type { Projection } from '@afterwards/server-kit';
import { loadPromotion } from '../promotion-runtime';

export const PROMOTION_NOTICES = 'promotions.notices';

export interface PromotionNoticePayload {
  readonly eventId: string;
  readonly listingId: string;
  readonly kind: 'promotion-expiry-warning' | 'promotion-renewal-reminder';
  readonly endDate: string;
  readonly daysLeft: number;
  readonly renewsAutomatically: boolean;
}

/** One e-mail to a promoted business, retried on a mail outage; keyed by the event, so queued once. */
export const promotionNoticeJob = defineJob<PromotionNoticePayload>('promotions.notice', {
  attempts: 8,
  backoff: { type: 'exponential', delayMs: 2_000 },
});

/**
 * Reacts to expiry warnings and renewal reminders by queueing the business's e-mail. Sending is a job
 * rather than part of this reactor so that a mail outage retries the e-mail and never stops the reactor.
 */
export function promotionNoticesReactor(queue: JobQueue, store: EventStore): Projection {
  return {
    name: PROMOTION_NOTICES,
    transactional: false,
    streamPrefixes: [PROMOTION_STREAM_PREFIX],
    async apply(recorded: RecordedEvent): Promise<string[]> {
      const event = { type: recorded.type, data: recorded.data } as PromotionEvent;
      if (event.type !== 'PromotionExpiryWarned' && event.type !== 'PromotionRenewalReminded') return [];
      await queue.enqueue(
        promotionNoticeJob,
        {
          eventId: recorded.metadata.eventId,
          listingId: event.data.listingId,
          kind: event.type === 'PromotionExpiryWarned' ? 'promotion-expiry-warning' : 'promotion-renewal-reminder',
          endDate: event.data.endDate,
          daysLeft: event.data.daysLeft,
          renewsAutomatically: renewsAutomatically((await loadPromotion(store, event.data.promotionId)).state),
        },
        { jobId: recorded.metadata.eventId },
      );
      return [];
    },
    async snapshot(): Promise<unknown[]> {
      return [];
    },
  };
}

const LONG_DATE = (timeZone: string, date: string) =>
  new Intl.DateTimeFormat('en-GB', { timeZone, weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(startOfDate(date, timeZone));

/**
 * Sends the e-mail unless this event's e-mail went already. Recorded after sending: a crash in between
 * may send one twice, never lose one. A business with no e-mail address gets none (staff see the
 * activity item either way).
 */
export async function sendPromotionNotice(
  deps: { prisma: PrismaClient; mailer: Mailer; publicUrl: string; supportEmail?: string; timeZone: string },
  payload: PromotionNoticePayload,
): Promise<'sent' | 'already-sent' | 'no-address'> {
  const done = await deps.prisma.$queryRaw<{ n: number }[]>`SELECT 1 AS n FROM promotion_notices WHERE event_id = ${payload.eventId}::uuid`;
  if (done.length > 0) return 'already-sent';
  const listing = await deps.prisma.listing.findUnique({ where: { id: payload.listingId }, select: { name: true, email: true } });
  if (listing?.email) {
    await deps.mailer.send(
      promotionNoticeEmail({
        to: listing.email,
        businessName: listing.name,
        kind: payload.kind,
        endsOn: LONG_DATE(deps.timeZone, payload.endDate),
        daysLeft: payload.daysLeft,
        renewsAutomatically: payload.renewsAutomatically,
        url: new URL('/resources', deps.publicUrl).toString(),
        supportEmail: deps.supportEmail,
      }),
    );
  }
  await deps.prisma.$executeRaw`INSERT INTO promotion_notices (event_id, kind) VALUES (${payload.eventId}::uuid, ${payload.kind}) ON CONFLICT (event_id) DO NOTHING`;
  return listing?.email ? 'sent' : 'no-address';
}
