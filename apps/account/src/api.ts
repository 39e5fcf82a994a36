// Server state of the Settings tab: the session, the profile and the preferences (one data layer:
// TanStack Query; bodies checked with the shared schemas).
import {
  DEFAULT_PREFERENCES,
  PreferencesResponseSchema,
  ProblemDetailsSchema,
  ProfileResponseSchema,
  SessionResponseSchema,
  type Preferences,
  type Profile,
  type ProfileInput,
  type SessionUser,
} from '@afterwards/contracts';

export const SESSION_URL = '/api/session';
export const PROFILE_URL = '/api/profile';
export const PREFERENCES_URL = '/api/preferences';

export const keys = {
  session: ['account', 'session'] as const,
  profile: ['account', 'profile'] as const,
  preferences: ['account', 'preferences'] as const,
};

/** A failed request with the server's explanation, when it gave one, and its field errors. */
export class RequestError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
    readonly errors: ReadonlyArray<{ path: string; message: string }> = [],
  ) {
    super(message);
  }
}

async function request(url: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      credentials: 'same-origin',
      ...init,
      headers: { accept: 'application/json, application/problem+json', ...(init?.body ? { 'content-type': 'application/json' } : {}) },
    });
  } catch {
    throw new RequestError(null, 'Network error. Please check your internet connection.');
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const problem = ProblemDetailsSchema.safeParse(body);
    const detail = problem.success ? problem.data.detail || problem.data.title : undefined;
    throw new RequestError(response.status, detail || `The server answered ${response.status}`, problem.success ? (problem.data.errors ?? []) : []);
  }
  return body;
}

export async function fetchSessionUser(): Promise<SessionUser> {
  return SessionResponseSchema.parse(await request(SESSION_URL)).user;
}

export async function fetchProfile(): Promise<Profile | null> {
  return ProfileResponseSchema.parse(await request(PROFILE_URL)).profile;
}

export async function saveProfile(input: ProfileInput): Promise<Profile | null> {
  const body = await request(PROFILE_URL, { method: 'PUT', body: JSON.stringify(input) });
  const parsed = ProfileResponseSchema.safeParse(body);
  return parsed.success ? parsed.data.profile : null;
}

export async function fetchPreferences(): Promise<Preferences> {
  const parsed = PreferencesResponseSchema.safeParse(await request(PREFERENCES_URL));
  return parsed.success ? parsed.data.preferences : DEFAULT_PREFERENCES;
}

export async function savePreferences(prefs: Preferences): Promise<Preferences> {
  const parsed = PreferencesResponseSchema.safeParse(await request(PREFERENCES_URL, { method: 'PUT', body: JSON.stringify(prefs) }));
  return parsed.success ? parsed.data.preferences : prefs;
}
