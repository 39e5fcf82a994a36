import { Controller, Get, Inject, Res } from '@nestjs/common';
import type { SqlClient } from '@afterwards/persistence';
import type { HttpReply } from '../http/http-request';
import { setAnswerStatus } from '../http/answer-status';
import { SQL_CLIENT } from '../tokens';
import { ProjectionsService } from '../projections/projections.service';
import { ProjectionLeadership } from '../projections/leadership';
import { ShutdownState } from '../lifecycle/graceful-shutdown';

@Controller('api/health')
export class HealthController {
  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    private readonly projections: ProjectionsService,
    private readonly leadership: ProjectionLeadership,
    private readonly shutdown: ShutdownState,
  ) {}

  /** The process is up. */
  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  /**
   * The process can serve: it is not stopping, the database answers and its projections (where it leads)
   * have not stopped. A follower is ready: it serves requests while another replica projects.
   */
  @Get('ready')
  async ready(@Res({ passthrough: true }) reply: HttpReply): Promise<Record<string, unknown>> {
    const checks: Record<string, string> = {};
    if (this.shutdown.draining) {
      setAnswerStatus(reply, 503);
      return { status: 'stopping', checks: { process: 'stopping' } };
    }
    try {
      await this.sql.query('SELECT 1');
      checks.database = 'ok';
    } catch {
      checks.database = 'failed';
    }
    checks.projections = this.projections.healthy() ? 'ok' : 'failed';
    const ok = Object.values(checks).every((c) => c === 'ok');
    setAnswerStatus(reply, ok ? 200 : 503);
    // Parked events and retries do not make the process unready (it serves, and later events apply),
    // but an operator must see them: `tools projections parked` lists them all.
    const projections = checks.database === 'ok' ? await this.projections.failures().catch(() => undefined) : undefined;
    return { status: ok ? 'ok' : 'unavailable', checks, leading: this.leadership.status().leading, ...(projections ? { projections } : {}) };
  }
}
