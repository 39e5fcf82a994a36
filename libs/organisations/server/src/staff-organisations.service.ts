import { Inject, Injectable } from '@nestjs/common';
import { ORGANISATION_MESSAGES, OrganisationActionRequestSchema, type AdminOrganisation } from '@afterwards/contracts';
import { AuditTrail, changedValues, staffContext } from '@afterwards/identity-server';
import type { OrganisationCommand } from '@afterwards/organisations-domain';
import type { PrismaClient } from '@afterwards/persistence';
import { PRISMA, ProblemError, type HttpRequest } from '@afterwards/server-kit';
import { adminOrganisationOf } from './organisation-rows';
import { OrganisationPipeline } from './organisation-commands';

/** The audit log's record type for directory entries (the read model's table). */
export const ORGANISATIONS_TABLE = 'organisations';
/** Ids are the starting set's keys ('dvla') or uuids: letters, digits and dashes. */
const ID = /^[a-z0-9][a-z0-9-]{0,99}$/;
const NOISE = new Set<keyof AdminOrganisation>(['version', 'updatedAt']);

/**
 * What every staff organisation route does: decide as the signed-in staff member on the version they saw,
 * wait until the read model shows it, and audit the change with its old and new values.
 */
@Injectable()
export class StaffOrganisations {
  constructor(
    private readonly pipeline: OrganisationPipeline,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly audit: AuditTrail,
  ) {}

  static idOf(id: string): string {
    const lower = id.toLowerCase();
    if (!ID.test(lower)) throw new ProblemError(404, 'ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
    return lower;
  }

  /** The version the staff member saw, from a retire or restore request's body. */
  static versionOf(body: unknown): bigint {
    return BigInt(OrganisationActionRequestSchema.parse(body ?? {}).expectedVersion);
  }

  async read(id: string): Promise<AdminOrganisation | undefined> {
    const row = await this.prisma.organisation.findUnique({ where: { id } });
    return row ? adminOrganisationOf(row) : undefined;
  }

  /** Runs one command on one entry and answers the entry as it now is. */
  async change(req: HttpRequest, organisationId: string, action: string, command: OrganisationCommand, expectedRevision?: bigint): Promise<AdminOrganisation> {
    const { after } = await this.pipeline.change(organisationId, [command], staffContext(req), {
      expectedRevision,
      read: () => this.read(organisationId),
      audit: ({ before, after: now }) => this.audit.record(req, { action, tableName: ORGANISATIONS_TABLE, recordId: organisationId, ...changedValues(before, now, NOISE) }),
    });
    if (!after) throw new ProblemError(404, 'ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
    return after;
  }
}
