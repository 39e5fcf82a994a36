// Server state of the Settings tab: the session, the profile and the preferences (one data layer:
// TanStack Query; bodies checked with the shared schemas).
import {
  ACCOUNT_DELETED_QUERY,
  ACCOUNT_DELETED_VALUE,
  ACCOUNT_PATH,
  DEFAULT_PREFERENCES,
  type DeleteAccountRequest,
  PreferencesResponseSchema,
  ProfileResponseSchema,
  SessionResponseSchema,
  type Preferences,
  type Profile,
  type ProfileInput,
  type SessionUser,
} from '@afterwards/contracts';
import { MEMORIES_PATH, MemoryListResponseSchema } from '@afterwards/contracts';
import type { AccountDeletionMemory } from '@afterwards/cases-domain';
import { requestJson } from '@afterwards/web-data';

export const SESSION_URL = '/api/session';
export const PROFILE_URL = '/api/profile';
export const PREFERENCES_URL = '/api/preferences';

export const keys = {
  session: ['account', 'session'] as const,
  profile: ['account', 'profile'] as const,
  preferences: ['account', 'preferences'] as const,
};

export async function fetchSessionUser(): Promise<SessionUser> {
  return (await requestJson('GET', SESSION_URL, { schema: SessionResponseSchema })).user;
}

export async function fetchProfile(): Promise<Profile | null> {
  return (await requestJson('GET', PROFILE_URL, { schema: ProfileResponseSchema })).profile;
}

export async function saveProfile(input: ProfileInput): Promise<Profile | null> {
  const parsed = ProfileResponseSchema.safeParse(await requestJson('PUT', PROFILE_URL, { body: input }));
  return parsed.success ? parsed.data.profile : null;
}

export async function fetchPreferences(): Promise<Preferences> {
  const parsed = PreferencesResponseSchema.safeParse(await requestJson('GET', PREFERENCES_URL));
  return parsed.success ? parsed.data.preferences : DEFAULT_PREFERENCES;
}

export async function savePreferences(prefs: Preferences): Promise<Preferences> {
  const parsed = PreferencesResponseSchema.safeParse(await requestJson('PUT', PREFERENCES_URL, { body: prefs }));
  return parsed.success ? parsed.data.preferences : prefs;
}

/** Deletes the account and everything in it; answers once it is all gone and this browser is signed out. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await requestJson('DELETE', ACCOUNT_PATH, { body });
}

/** The sign-in page, with its short confirmation that the account was deleted. */
export const accountDeletedUrl = `/login?${ACCOUNT_DELETED_QUERY}=${ACCOUNT_DELETED_VALUE}`;

/** Every memory this person can see, with who is on it: what deleting the account would take from whom. */
export async function fetchMemoriesForDeletion(): Promise<AccountDeletionMemory[]> {
  const answer = await requestJson('GET', `${MEMORIES_PATH}?include=details`, { schema: MemoryListResponseSchema });
  return (answer.details ?? []).map((d) => ({ name: d.memory.name, deceasedName: d.memory.deceasedName, role: d.memory.role, ownerName: d.memory.ownerName, people: d.people }));
}
