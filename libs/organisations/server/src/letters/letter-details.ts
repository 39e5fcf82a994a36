import type { Jurisdiction, LetterDetails, MemoryOrganisation, PostalAddress } from '@afterwards/contracts';
import type { SqlExecutor } from '@afterwards/persistence';
import { fileNameSlug } from '@afterwards/server-kit';
import type { MemoryForPerson } from '@afterwards/cases-server';

/** An address written as free text in Settings (lines or commas) as the lines a letter prints, at most 8. */
export function addressLines(text: string | null | undefined): PostalAddress {
  return (text ?? '')
    .split(/\r?\n|,/)
    .map((line) => line.trim())
    .filter(Boolean)
    .slice(0, 8);
}

export type LetterSender = LetterDetails['sender'];

/**
 * Who signs the letter: the signed-in person, as their profile (Settings → Personal information) names them,
 * with its address and phone, and their account's e-mail. Without an address in the profile the letter has
 * none: the screen asks them to add it there.
 */
export async function letterSender(sql: SqlExecutor, userId: string): Promise<LetterSender> {
  const { rows } = await sql.query<{ name: string | null; email: string; first_name: string | null; last_name: string | null; address: string | null; phone: string | null }>(
    `SELECT u.name, u.email, s.first_name, s.last_name, s.address, s.phone FROM auth_users u LEFT JOIN user_settings s ON s.user_id = u.id WHERE u.id = $1`,
    [userId],
  );
  const row = rows[0];
  const profileName = [row?.first_name, row?.last_name].filter((p) => p?.trim()).join(' ');
  return { name: profileName || row?.name?.trim() || '', address: addressLines(row?.address), email: row?.email ?? null, phone: row?.phone ?? null };
}

/** One organisation's letter, from the memory, the sender and what the family keeps for it (their text replaces the body). */
export function letterDetails(
  memory: Pick<MemoryForPerson, 'deceasedName' | 'dateOfBirth' | 'dateOfDeath' | 'jurisdiction'>,
  lastAddress: PostalAddress,
  sender: LetterSender,
  organisation: MemoryOrganisation,
  date: string,
): LetterDetails {
  return {
    sender,
    organisation: { name: organisation.name, kind: organisation.kind, address: organisation.address },
    deceased: { fullName: memory.deceasedName, dateOfBirth: memory.dateOfBirth, dateOfDeath: memory.dateOfDeath, lastAddress },
    references: organisation.references,
    jurisdiction: memory.jurisdiction as Jurisdiction,
    date,
    body: organisation.letterText,
  };
}

/** 'letter-nationwide-building-society.pdf': a file name every system accepts. */
export function letterFileName(name: string): string {
  return `letter-${fileNameSlug(name, 60) || 'organisation'}.pdf`;
}
