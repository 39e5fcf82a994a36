import { Inject, Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { ORGANISATION_MESSAGES, OrganisationActionRequestSchema, type AdminOrganisation } from '@afterwards/contracts';
import { StreamConflictError, type EventStore } from '@afterwards/event-store';
import { AuditTrail, changedValues, staffContext } from '@afterwards/identity-server';
import { OrganisationError, ORGANISATION_ERROR_STATUS, type OrganisationCommand } from '@afterwards/organisations-domain';
import type { PrismaClient } from '@afterwards/persistence';
import { EVENT_STORE, PRISMA, ProblemError, ProjectionsService } from '@afterwards/server-kit';
import { adminOrganisationOf } from './organisation-rows';
import { runOrganisationCommand } from './organisation-commands';
import { organisationsProjection } from './organisations-projection/organisations.projection';

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
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PRISMA) private readonly prisma: PrismaClient,
    private readonly projections: ProjectionsService,
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
  async change(req: Request, organisationId: string, action: string, command: OrganisationCommand, expectedRevision?: bigint): Promise<AdminOrganisation> {
    const before = await this.read(organisationId);
    let position;
    try {
      // An addition appends only to a new stream: one already there is ORGANISATION_ALREADY_EXISTS.
      position = (await runOrganisationCommand(this.store, organisationId, command, staffContext(req), { expectedRevision, newStream: command.type === 'AddOrganisation' })).position;
    } catch (error) {
      if (error instanceof StreamConflictError) {
        if (command.type === 'AddOrganisation') throw new ProblemError(409, 'ORGANISATION_ALREADY_EXISTS', ORGANISATION_MESSAGES.alreadyExists);
        if (error.actual === 'no_stream') throw new ProblemError(404, 'ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
        throw new ProblemError(409, 'ORGANISATION_CHANGED', ORGANISATION_MESSAGES.changed);
      }
      if (error instanceof OrganisationError) throw new ProblemError(ORGANISATION_ERROR_STATUS[error.code], error.code, error.message, error.errors.length ? [...error.errors] : undefined);
      throw error;
    }
    if (position) await this.projections.waitUntilApplied(organisationsProjection.name, position);
    const after = await this.read(organisationId);
    if (!after) throw new ProblemError(404, 'ORGANISATION_NOT_FOUND', ORGANISATION_MESSAGES.notFound);
    if (position) await this.audit.record(req, { action, tableName: ORGANISATIONS_TABLE, recordId: organisationId, ...changedValues(before, after, NOISE) });
    return after;
  }
}
