// What the server offers (GET /api/sign-in-options): whether 'Sign in with Google' is shown, and the
// Contact Support address (SUPPORT_EMAIL) that Settings, the policies and the footers give. Asked
// once per page load and shared by every screen.
import { useEffect, useSyncExternalStore } from 'react';
import { AUTH_OPTIONS_URL, AuthOptionsResponseSchema, type AuthOptionsResponse } from '@afterwards/contracts';
import { requestJson } from '@afterwards/web-data';

const TIMEOUT_MS = 10_000;

export async function fetchSignInOptions(signal?: AbortSignal): Promise<AuthOptionsResponse> {
  try {
    return await requestJson('GET', AUTH_OPTIONS_URL, { schema: AuthOptionsResponseSchema, signal });
  } catch {
    return { google: false };
  }
}

let current: AuthOptionsResponse | null = null;
let loading: Promise<AuthOptionsResponse> | null = null;
const listeners = new Set<() => void>();

/** Starts (or joins) the one request; a failed one is asked again by the next screen that needs it. */
export function loadSignInOptions(): Promise<AuthOptionsResponse> {
  loading ??= fetchSignInOptions(AbortSignal.timeout(TIMEOUT_MS)).then((options) => {
    current = options;
    if (!options.supportEmail) loading = null;
    for (const l of listeners) l();
    return options;
  });
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** `null` while asking; the Google button stays hidden until the server confirms Google is configured. */
export function useSignInOptions(): AuthOptionsResponse | null {
  // Not known when a page is rendered at build time: hydrating, the page is drawn without them first.
  const options = useSyncExternalStore(subscribe, () => current, () => null);
  useEffect(() => {
    void loadSignInOptions();
  }, []);
  return options;
}

/** The configured Contact Support address, or null until the server has said it. */
export function useSupportEmail(): string | null {
  return useSignInOptions()?.supportEmail ?? null;
}
