import { MEMORY_ORGANISATION_STATUS_LABELS, ORGANISATION_KIND_LABELS, type MemoryOrganisation } from '@afterwards/contracts';
import { csvRows } from '@afterwards/server-kit';

const SERVICE_NAMES = { 'tell-us-once': 'Tell Us Once', 'death-notification-service': 'Death Notification Service' } as const;

/** Where telling each organisation stands, one row each, as the family's own record of it (their download). */
export function statusesCsv(organisations: readonly MemoryOrganisation[]): string {
  return csvRows([
    ['Organisation', 'Kind', 'From the directory', 'Status', 'Letter sent', 'Told', 'Acknowledged', 'Closed or settled', 'Told through', 'Service reference', 'Amount', 'Waiting for a reply', 'References', 'Notes'],
    ...organisations.map((o) => [
      o.name,
      ORGANISATION_KIND_LABELS[o.kind],
      o.organisationId ? 'Yes' : 'No',
      MEMORY_ORGANISATION_STATUS_LABELS[o.status],
      o.dates.sentOn,
      o.dates.toldOn,
      o.dates.acknowledgedOn,
      o.dates.closedOn,
      o.service ? SERVICE_NAMES[o.service] : '',
      o.serviceReference,
      // Pence (or cents) as pounds (or euros), exactly: 123456 is 1234.56.
      o.amountMinor === null ? '' : (o.amountMinor / 100).toFixed(2),
      o.waiting ? 'Yes' : 'No',
      o.references.map((r) => `${r.label}: ${r.value}`).join('; '),
      o.notes,
    ]),
  ]);
}

/** One file name per letter, a second of the same name numbered. */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name.slice(0, dot)} (${n})${name.slice(dot)}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}
