import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import type { SqlClient } from '@afterwards/persistence';
import { SQL_CLIENT } from '../tokens';
import { ProjectionsService } from '../projections/projections.service';

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly projections: ProjectionsService,
  ) {}

  /** The process is up. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /** The process can serve: database answers and projections are running. */
  @Get('ready')
  async ready(@Res({ passthrough: true }) res: Response): Promise<Record<string, unknown>> {
    const checks: Record<string, string> = {};
    try {
      await this.sql.query('SELECT 1');
      checks.database = 'ok';
    } catch {
      checks.database = 'failed';
    }
    checks.projections = this.projections.healthy() ? 'ok' : 'failed';
    const ok = Object.values(checks).every((c) => c === 'ok');
    res.status(ok ? 200 : 503);
    // Parked events and retries do not make the process unready (it serves, and later events apply),
    // but an operator must see them: `tools projections parked` lists them all.
    const projections = checks.database === 'ok' ? await this.projections.failures().catch(() => undefined) : undefined;
    return { status: ok ? 'ok' : 'unavailable', checks, ...(projections ? { projections } : {}) };
  }
}
