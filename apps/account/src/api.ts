// Server state of the Settings tab: the session, the profile and the preferences (one data layer:
// TanStack Query; bodies checked with the shared schemas).
import {
  ACCOUNT_DELETED_QUERY,
  ACCOUNT_DELETED_VALUE,
  ACCOUNT_PATH,
  DEFAULT_PREFERENCES,
  MEMORIES_PATH,
  MemoryListResponseSchema,
  type MemoryListResponse,
  privacyStatement,
  type DeleteAccountRequest,
  PreferencesResponseSchema,
  REMINDERS_NEXT_PATH,
  REMINDERS_PREFERENCES_PATH,
  ReminderPreviewSchema,
  type ReminderPreview,
  type SetReminderPreferencesRequest,
  ProfileResponseSchema,
  SessionResponseSchema,
  type Preferences,
  type Profile,
  type ProfileInput,
  type SessionUser,
} from '@afterwards/contracts';
import type { AccountDeletionMemory } from '@afterwards/cases-domain';
import { requestJson } from '@afterwards/web-data';

export const SESSION_URL = '/api/session';
export const PROFILE_URL = '/api/profile';
export const PREFERENCES_URL = '/api/preferences';

export const keys = {
  session: ['account', 'session'] as const,
  profile: ['account', 'profile'] as const,
  preferences: ['account', 'preferences'] as const,
  reminders: ['account', 'reminders'] as const,
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

/** The reminder e-mail this person would get next, by the sender's own rule, and their reminder choices. */
export async function fetchReminderPreview(): Promise<ReminderPreview> {
  return requestJson('GET', REMINDERS_NEXT_PATH, { schema: ReminderPreviewSchema });
}

export async function saveReminderPreferences(body: SetReminderPreferencesRequest): Promise<ReminderPreview> {
  return requestJson('PUT', REMINDERS_PREFERENCES_PATH, { body, schema: ReminderPreviewSchema });
}

/** Deletes the account and everything in it; answers once it is all gone and this browser is signed out. */
export async function deleteAccount(body: DeleteAccountRequest): Promise<void> {
  await requestJson('DELETE', ACCOUNT_PATH, { body });
}

/** The sign-in page, with its short confirmation that the account was deleted. */
export const accountDeletedUrl = `/login?${ACCOUNT_DELETED_QUERY}=${ACCOUNT_DELETED_VALUE}`;

/** Every memory this person can see, with who is on it: one read for the privacy banner and the deletion warning. */
export const memoriesKey = ['account', 'memories'] as const;

export async function fetchMemoriesSeen(): Promise<MemoryListResponse> {
  return requestJson('GET', `${MEMORIES_PATH}?include=details`, { schema: MemoryListResponseSchema });
}

/** The privacy banner's sentence, true for this person: who else can see which of their memories. */
export function privacyStatementOf({ memories, details }: MemoryListResponse): string {
  const people = new Map((details ?? []).map((d) => [d.memory.id, d.people]));
  return privacyStatement(memories.map((m) => ({ name: m.name, role: m.role, people: people.get(m.id) ?? [] })));
}

/** What deleting the account would take from whom: each memory with who is on it. */
export function memoriesForDeletion({ details }: MemoryListResponse): AccountDeletionMemory[] {
  return (details ?? []).map((d) => ({ name: d.memory.name, deceasedName: d.memory.deceasedName, role: d.memory.role, ownerName: d.memory.ownerName, people: d.people }));
}
