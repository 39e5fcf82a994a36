// Settings' "Reminder e-mails": the e-mail this person would get next (when, subject, what it lists), worked out
// by the server with the sender's own rule, and the choice to hear nothing about memories they can only view.
import { useQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReminderPreview } from '@afterwards/contracts';
import { InlineLoading, Switch, useToast } from '@afterwards/web-ui';
import { fetchReminderPreview, keys, saveReminderPreferences } from './api';
import { SettingsCard } from './SettingsCard';

/** 'Thursday 3 December, 8:00am' in UK/Irish time, where the e-mail's time is set. */
export function formatSendAt(iso: string): string {
  const at = new Date(iso);
  const day = at.toLocaleDateString('en-GB', { timeZone: 'Europe/London', weekday: 'long', day: 'numeric', month: 'long' });
  const time = at.toLocaleTimeString('en-GB', { timeZone: 'Europe/London', hour: 'numeric', minute: '2-digit', hour12: true }).replace(' ', '');
  return `${day}, ${time}`;
}

export function RemindersCard() {
  const queryClient = useQueryClient();
  const toast = useToast();
  const preview = useQuery({ queryKey: keys.reminders, queryFn: fetchReminderPreview });
  const save = useMutation({
    mutationFn: saveReminderPreferences,
    onSuccess: (next) => queryClient.setQueryData(keys.reminders, next),
    onError: () => toast.error('Failed to save your preferences'),
  });
  const data: ReminderPreview | undefined = preview.data;
  return (
    <SettingsCard icon="mail" title="Reminder e-mails" className="ac-span-2">
      <p className="aw-muted">
        We send at most one reminder e-mail a day, at 8am UK and Irish time, gathering what is coming up in every memory you are part of. Nothing is sent in the first day of a
        new memory.
      </p>
      {preview.isPending ? (
        <InlineLoading>Loading your next reminder...</InlineLoading>
      ) : preview.isError || !data ? (
        <p className="aw-muted">We could not load your next reminder just now. Please try again later.</p>
      ) : (
        <>
          <NextEmail preview={data} />
          {data.viewsAny ? (
            <Switch
              label="Reminders for memories I can only view"
              description="E-mails about memories others have shared with you to view. Off: none are sent about those; the person who shared them still gets theirs."
              checked={data.viewerReminders}
              onChange={(viewerReminders) => save.mutate({ viewerReminders })}
            />
          ) : null}
        </>
      )}
    </SettingsCard>
  );
}

function NextEmail({ preview }: { preview: ReminderPreview }) {
  const next = preview.next;
  if (!next) {
    return (
      <p className="ac-reminder__none" role="status">
        {preview.emailNotifications
          ? 'Nothing is due in the next two weeks, so no reminder e-mail is planned.'
          : 'Email Notifications are off, so no reminder e-mails are sent. Nothing is due in the next two weeks.'}
      </p>
    );
  }
  return (
    <section className="aw-stack ac-reminder" aria-labelledby="ac-next-reminder">
      <h3 id="ac-next-reminder" className="ac-reminder__heading">
        {preview.emailNotifications ? 'Your next reminder e-mail' : 'Email Notifications are off, so nothing is sent. If you turn them on, the next e-mail would be:'}
      </h3>
      <dl className="aw-facts ac-reminder__facts">
        <div>
          <dt>When</dt>
          <dd>{formatSendAt(next.sendAt)}</dd>
        </div>
        <div>
          <dt>Subject</dt>
          <dd>{next.subject}</dd>
        </div>
      </dl>
      {next.sections.map((section) => (
        <div key={`${section.memoryName}|${section.deceasedName}`} className="ac-reminder__memory">
          <h4 className="ac-reminder__memory-title">
            &ldquo;{section.memoryName}&rdquo;, for {section.deceasedName}
          </h4>
          <ul className="ac-reminder__items">
            {section.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="aw-muted">{section.note}</p>
        </div>
      ))}
    </section>
  );
}
