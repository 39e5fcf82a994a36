import type { JobQueue } from '@afterwards/jobs';
import type { Mailer } from '@afterwards/mail';
import type { SqlClient } from '@afterwards/persistence';
import { MAILER } from '@afterwards/identity-server';
import { APP_CONFIG, JOB_QUEUE, SQL_CLIENT, type AppConfig, type Clock, type JobProcessor, type JobServices } from '@afterwards/server-kit';
import { REMINDER_CLOCK } from './reminder-clock';
import { sendReminder, sendReminderJob, sweepReminders, sweepRemindersJob, type ReminderDeps, type SendReminderPayload } from './send-reminder.job';

function deps(services: JobServices): ReminderDeps {
  const config = services.get<AppConfig>(APP_CONFIG);
  return {
    sql: services.get<SqlClient>(SQL_CLIENT),
    clock: services.get<Clock>(REMINDER_CLOCK),
    mailer: services.get<Mailer>(MAILER),
    publicUrl: config.publicUrl,
    supportEmail: config.supportEmail,
  };
}

/** The reminders' jobs, for the process that runs jobs (the worker, or the embedded API). */
export const reminderJobProcessors: JobProcessor[] = [
  {
    definition: sweepRemindersJob,
    handler: async (_job, services) => {
      await sweepReminders(deps(services), services.get<JobQueue>(JOB_QUEUE));
    },
    everyMs: (config) => config.reminderSweepMs,
    schedulePayload: null,
  },
  {
    definition: sendReminderJob,
    handler: async (job, services) => {
      await sendReminder(deps(services), job.payload as SendReminderPayload);
    },
    // One at a time: no one waits on a reminder to the second, and a sweep that finds hundreds due (a
    // morning's 08:00) would otherwise compose and write them four at once in the process answering the
    // family's requests (the embedded profile, or an API that runs jobs): its pauses showed in their p99.
    options: { concurrency: 1 },
  } as JobProcessor,
];
