import { JURISDICTIONS, type Jurisdiction } from '@afterwards/contracts';

export { JURISDICTIONS, type Jurisdiction };

/** The spec's default when a form does not choose one. */
export const DEFAULT_JURISDICTION: Jurisdiction = 'England';

export function isJurisdiction(value: unknown): value is Jurisdiction {
  return typeof value === 'string' && (JURISDICTIONS as readonly string[]).includes(value);
}
