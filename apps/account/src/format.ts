import type { Profile } from '@afterwards/contracts';

export const NOT_SET = 'Not set';

/** 'Jane Smith', or just the first name; null when neither is set. */
export function fullName(profile: Pick<Profile, 'firstName' | 'lastName'> | null): string | null {
  if (!profile) return null;
  const name = [profile.firstName, profile.lastName].map((p) => p?.trim()).filter(Boolean).join(' ');
  return name || null;
}

/** ISO date (YYYY-MM-DD) as an en-GB date ('3 March 1961'); the input unchanged if it is not one. */
export function formatDate(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

/** 'Ann Smith (07700 900123)', the name alone, or the phone alone. */
export function emergencyContact(profile: Pick<Profile, 'emergencyContact' | 'emergencyPhone'> | null): string | null {
  if (!profile) return null;
  const name = profile.emergencyContact?.trim();
  const phone = profile.emergencyPhone?.trim();
  if (name && phone) return `${name} (${phone})`;
  return name || phone || null;
}

/** The secret of an otpauth:// URI, in groups of four for typing it in by hand. */
export function manualKey(totpUri: string): string {
  try {
    const secret = new URL(totpUri).searchParams.get('secret') ?? '';
    return secret.replace(/(.{4})/g, '$1 ').trim();
  } catch {
    return '';
  }
}
