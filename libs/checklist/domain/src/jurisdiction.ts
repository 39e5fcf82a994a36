/** Where the death is dealt with. "Ireland" is the Republic of Ireland; Northern Ireland is its own jurisdiction. */
export const JURISDICTIONS = ['England', 'Wales', 'Scotland', 'Northern Ireland', 'Ireland'] as const;
export type Jurisdiction = (typeof JURISDICTIONS)[number];

/** The spec's default when a form does not choose one. */
export const DEFAULT_JURISDICTION: Jurisdiction = 'England';

export function isJurisdiction(value: unknown): value is Jurisdiction {
  return typeof value === 'string' && (JURISDICTIONS as readonly string[]).includes(value);
}
