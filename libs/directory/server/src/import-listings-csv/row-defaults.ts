import type { AdminSettings } from '@afterwards/contracts';
import type { CsvRowDefaults } from '@afterwards/directory-domain';

/** Settings decide what a row that leaves radius or status empty gets, as on the Add form. */
export function rowDefaults(settings: AdminSettings): CsvRowDefaults {
  return { serviceRadiusMiles: settings.defaultServiceRadius, status: settings.platformConfig.autoApproveBusinesses ? 'Active' : 'Pending Review' };
}
