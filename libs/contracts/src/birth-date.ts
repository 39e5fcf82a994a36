// The latest date of birth anyone may give (the profile's own and a memory's), kept apart from identity.ts so a
// zod/mini contract (memories.ts, decision 0024) can use it without pulling in the full zod.

/**
 * The latest date of birth the profile takes: today where the day has started first (UTC+14), so a
 * person whose own calendar already shows today is never refused, whatever the server's time zone.
 */
export function latestDateOfBirth(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3_600_000).toISOString().slice(0, 10);
}
