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
    options: { concurrency: 4 },
  } as JobProcessor,
];
