import type { Organisation } from '@afterwards/contracts';
import { STARTING_DIRECTORY } from '@afterwards/organisations-domain';

/** Finds one entry of the organisation directory by id, retired ones included or not as the directory says. */
export interface DirectoryLookup {
  find(id: string): Promise<Organisation | null>;
}

/**
 * The starting set alone (seeded entries' ids are their keys): what the family can add while the staff
 * directory's own `OrganisationDirectory` is not wired in this process. The module uses that when it is.
 */
export const startingDirectoryLookup: DirectoryLookup = {
  async find(id) {
    const entry = STARTING_DIRECTORY.find((e) => e.key === id);
    if (!entry) return null;
    const { key, ...organisation } = entry;
    return { ...organisation, id: key };
  },
};
