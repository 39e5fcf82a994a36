import fs from 'node:fs';
import { systemClock, type AppConfig, type Clock } from '@afterwards/server-kit';

/** The clock the reminders read the time from: real time, unless a test moves it. */
export const REMINDER_CLOCK = Symbol('REMINDER_CLOCK');

/**
 * Real time, always, in production. Under test (AFTERWARDS_TEST_CLOCK_FILE, which the configuration refuses
 * with NODE_ENV=production) the time is the ISO instant written in that file, read afresh each time, so a
 * test moves the product's clock by rewriting it; while the file does not exist, real time.
 */
export function reminderClock(config: Pick<AppConfig, 'testClockFile'>): Clock {
  const file = config.testClockFile;
  if (!file) return systemClock;
  return {
    now: () => {
      let text: string;
      try {
        text = fs.readFileSync(file, 'utf8').trim();
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Date();
        throw error;
      }
      const instant = new Date(text);
      if (Number.isNaN(instant.getTime())) throw new Error(`The test clock file ${file} does not hold an ISO instant: ${text.slice(0, 40)}`);
      return instant;
    },
  };
}
