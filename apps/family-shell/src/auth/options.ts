// What the server offers (GET /api/sign-in-options): whether 'Sign in with Google' is shown, and the
// Contact Support address.
import { useEffect, useState } from 'react';
import { AUTH_OPTIONS_URL, AuthOptionsResponseSchema, type AuthOptionsResponse } from '@afterwards/contracts';

export async function fetchSignInOptions(signal?: AbortSignal): Promise<AuthOptionsResponse> {
  try {
    const response = await fetch(AUTH_OPTIONS_URL, { credentials: 'same-origin', headers: { accept: 'application/json' }, signal });
    if (!response.ok) return { google: false };
    const parsed = AuthOptionsResponseSchema.safeParse(await response.json());
    return parsed.success ? parsed.data : { google: false };
  } catch {
    return { google: false };
  }
}

/** `null` while asking; the button stays hidden until the server confirms Google is configured. */
export function useSignInOptions(): AuthOptionsResponse | null {
  const [options, setOptions] = useState<AuthOptionsResponse | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetchSignInOptions(controller.signal).then((o) => {
      if (!controller.signal.aborted) setOptions(o);
    });
    return () => controller.abort();
  }, []);
  return options;
}
