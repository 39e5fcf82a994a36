/** A calendar date (YYYY-MM-DD) as a `date` column holds it through Prisma: midnight UTC, and back. */
export const dateColumn = (iso: string | null | undefined): Date | null => (iso ? new Date(`${iso}T00:00:00Z`) : null);
export const isoDate = (d: Date | null): string | null => (d ? d.toISOString().slice(0, 10) : null);
