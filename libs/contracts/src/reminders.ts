import * as z from './zod-mini';

/**
 * E-mail reminders and the calendar feed of one memory, for the signed-in person
 * (`GET`/`PUT /api/memories/:id/reminders`).
 */
export const MemoryRemindersSchema = z.object({
  /** This memory's reminders, for this person (off after the e-mail's unsubscribe link, or the switch). */
  enabled: z.boolean(),
  /** Settings' Email Notifications: off means no reminder e-mails for any memory. */
  emailNotifications: z.boolean(),
  /** The private calendar subscription: whether one is live and since when (its address is shown once, when made). */
  calendar: z.object({ subscribed: z.boolean(), createdAt: z.nullable(z.string()) }),
});
export type MemoryReminders = z.infer<typeof MemoryRemindersSchema>;

export const SetMemoryRemindersRequestSchema = z.object({ enabled: z.boolean() });
export type SetMemoryRemindersRequest = z.infer<typeof SetMemoryRemindersRequestSchema>;

/** `POST /api/memories/:id/calendar-subscription` 201: a new private address (any earlier one stops working). */
export const CalendarSubscriptionSchema = z.object({ url: z.string(), createdAt: z.string() });
export type CalendarSubscription = z.infer<typeof CalendarSubscriptionSchema>;

/** A one-click link's token (the e-mail's unsubscribe link, the calendar address): random, URL-safe. */
export const LinkTokenSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{20,100}$/, 'This link is not valid.'));
export const UnsubscribeQuerySchema = z.object({ token: LinkTokenSchema });
export type UnsubscribeQuery = z.infer<typeof UnsubscribeQuerySchema>;

export const REMINDERS_UNSUBSCRIBE_PATH = '/api/reminders/unsubscribe';
export const CALENDAR_FEED_PATH = '/api/calendar';
