import type { StartingEntry } from './seed-starting-directory/seed-starting-directory';

/** The starting set seeded on start: org-content's STARTING_DIRECTORY once merged (issue 43). */
export const STARTING_ORGANISATIONS: readonly StartingEntry[] = [];
