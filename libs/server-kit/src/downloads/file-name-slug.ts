/**
 * The part of a download's file name made from a name people gave ('Mum & Dad’s things' → 'mum-dads-things'):
 * lower-case letters, digits and single dashes, at most `maxLength` characters, that every system accepts;
 * empty when nothing of the name is left (the caller says what to use instead).
 */
export function fileNameSlug(name: string, maxLength: number): string {
  return name
    .normalize('NFKD')
    .replace(/[^\w\s-]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, '-')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}
