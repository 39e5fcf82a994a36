export const FOOTER_FIRST_YEAR = 2024;

/** `now` null: the years left out, for a page rendered at build time (its year is not the reader's). */
export function copyrightText(now: Date | null = new Date(), owner = 'Afterwards'): string {
  if (!now) return `© ${owner}. All rights reserved.`;
  const year = now.getFullYear();
  const span = year > FOOTER_FIRST_YEAR ? `${FOOTER_FIRST_YEAR}–${year}` : String(FOOTER_FIRST_YEAR);
  return `© ${span} ${owner}. All rights reserved.`;
}
