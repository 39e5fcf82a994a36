// Cookie and storage consent (family spec: cookie banner, consent version '1.0').
// The shell asks; remotes read. This module is shared as a Module Federation singleton, so the shell
// and every remote see the same store; a window event is also sent on each change for code that
// does not import the design system.
import { useSyncExternalStore } from 'react';
import { CONSENT_STORAGE_KEY } from '@afterwards/contracts';

export { CONSENT_STORAGE_KEY };
export const CONSENT_VERSION = '1.0';
/** Sent on window with the new `Consent` (or null when cleared) as `detail`. */
export const CONSENT_CHANGED_EVENT = 'afterwards:consent-changed';
/** Sent on window by anything that wants the preferences panel opened (the shell listens). */
export const OPEN_CONSENT_SETTINGS_EVENT = 'afterwards:open-cookie-settings';

export interface ConsentChoices {
  functional: boolean;
  analytics: boolean;
  marketing: boolean;
}

export interface Consent extends ConsentChoices {
  /** Always true: strictly necessary storage cannot be turned off. */
  essential: true;
  /** ISO 8601 time the choice was made. */
  timestamp: string;
  version: typeof CONSENT_VERSION;
}

export const ACCEPT_ALL: ConsentChoices = { functional: true, analytics: true, marketing: true };
export const REJECT_NON_ESSENTIAL: ConsentChoices = { functional: false, analytics: false, marketing: false };

export function makeConsent(choices: ConsentChoices, now: Date = new Date()): Consent {
  return {
    essential: true,
    functional: choices.functional === true,
    analytics: choices.analytics === true,
    marketing: choices.marketing === true,
    timestamp: now.toISOString(),
    version: CONSENT_VERSION,
  };
}

/**
 * A stored choice, or null when there is none we can trust: unreadable JSON, a missing field or a
 * different version all count as "not asked yet", so the banner shows again.
 */
export function parseConsent(raw: string | null): Consent | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!value || typeof value !== 'object') return null;
  const v = value as Record<string, unknown>;
  if (v.version !== CONSENT_VERSION) return null;
  if (typeof v.timestamp !== 'string' || Number.isNaN(Date.parse(v.timestamp))) return null;
  for (const key of ['functional', 'analytics', 'marketing'] as const) {
    if (typeof v[key] !== 'boolean') return null;
  }
  return makeConsent({ functional: v.functional as boolean, analytics: v.analytics as boolean, marketing: v.marketing as boolean }, new Date(v.timestamp));
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null; // storage blocked by the browser
  }
}

let cachedRaw: string | null | undefined;
let cached: Consent | null = null;
/** Used when storage is unavailable, so a choice still holds for this page. */
let memory: Consent | null = null;

export function readConsent(): Consent | null {
  const store = storage();
  if (!store) return memory;
  let raw: string | null;
  try {
    raw = store.getItem(CONSENT_STORAGE_KEY);
  } catch {
    return memory;
  }
  if (raw !== cachedRaw) {
    cachedRaw = raw;
    cached = parseConsent(raw);
  }
  return cached ?? memory;
}

function announce(consent: Consent | null) {
  window.dispatchEvent(new CustomEvent(CONSENT_CHANGED_EVENT, { detail: consent }));
}

export function saveConsent(choices: ConsentChoices, now: Date = new Date()): Consent {
  const consent = makeConsent(choices, now);
  memory = consent;
  try {
    storage()?.setItem(CONSENT_STORAGE_KEY, JSON.stringify(consent));
  } catch {
    /* storage full or blocked: the in-memory choice still applies to this page */
  }
  announce(consent);
  return consent;
}

export function clearConsent() {
  memory = null;
  try {
    storage()?.removeItem(CONSENT_STORAGE_KEY);
  } catch {
    /* nothing to clear */
  }
  announce(null);
}

function subscribe(onChange: () => void) {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key === CONSENT_STORAGE_KEY) onChange();
  };
  window.addEventListener(CONSENT_CHANGED_EVENT, onChange);
  window.addEventListener('storage', onStorage); // another tab changed its mind
  return () => {
    window.removeEventListener(CONSENT_CHANGED_EVENT, onChange);
    window.removeEventListener('storage', onStorage);
  };
}

/** The visitor's current choice (null until they make one); re-renders when it changes. */
export function useConsent(): Consent | null {
  return useSyncExternalStore(subscribe, readConsent, () => null);
}

/** Asks the shell to open the cookie preferences panel. */
export function openConsentSettings() {
  window.dispatchEvent(new CustomEvent(OPEN_CONSENT_SETTINGS_EVENT));
}
