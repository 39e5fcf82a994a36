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

/** One memory's part of the next reminder e-mail, as Settings shows it. */
export const ReminderPreviewSectionSchema = z.object({
  memoryName: z.string(),
  deceasedName: z.string(),
  /** One line per thing due, as the e-mail words it. */
  lines: z.array(z.string()),
  /** What the e-mail says to do about them (tick them off, or, viewing only, who will see them). */
  note: z.string(),
});

/**
 * `GET /api/reminders/next`, `PUT /api/reminders/preferences`: the reminder e-mail the signed-in person
 * would get next (worked out by the same rule the sender uses), and their choices about reminder e-mails.
 */
export const ReminderPreviewSchema = z.object({
  /** Settings' Email Notifications: off means no reminder e-mails at all (`next` is what would go if on). */
  emailNotifications: z.boolean(),
  /** Reminders about memories shared with this person to view only (off: none about those). */
  viewerReminders: z.boolean(),
  /** Whether any memory is shared with this person to view only (the switch above matters then). */
  viewsAny: z.boolean(),
  /** The next e-mail within two weeks, or null when nothing is due that soon. */
  next: z.nullable(
    z.object({
      /** The instant it goes at the earliest (08:00 UK/Irish time on its day). */
      sendAt: z.string(),
      subject: z.string(),
      sections: z.array(ReminderPreviewSectionSchema),
    }),
  ),
});
export type ReminderPreview = z.infer<typeof ReminderPreviewSchema>;

export const SetReminderPreferencesRequestSchema = z.object({ viewerReminders: z.boolean() });
export type SetReminderPreferencesRequest = z.infer<typeof SetReminderPreferencesRequestSchema>;

export const REMINDERS_NEXT_PATH = '/api/reminders/next';
export const REMINDERS_PREFERENCES_PATH = '/api/reminders/preferences';
