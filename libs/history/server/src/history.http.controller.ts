import { Controller, Get, Param, Query as QueryParams, Req, Res } from '@nestjs/common';
import {
  GlobalLogQuerySchema,
  StreamIdSchema,
  StreamSearchQuerySchema,
  StreamStateQuerySchema,
  type AuditChainVerification,
  type CorrelationResponse,
  type GlobalLogResponse,
  type HistoryFilters,
  type StreamHistory,
  type StreamSearchResponse,
  type StreamState,
} from '@afterwards/contracts';
import { AuditTrail, verifyAuditChain } from '@afterwards/identity-server';
import type { SqlClient } from '@afterwards/persistence';
import { ProblemError, setAnswerHeader, SQL_CLIENT, type HttpReply, type HttpRequest } from '@afterwards/server-kit';
import { Inject } from '@nestjs/common';
import { historyCsv } from './history-export';
import { HistoryService, isPrivate, streamNotFound } from './history.service';

function parseStreamId(raw: string): string {
  const parsed = StreamIdSchema.safeParse(raw);
  if (!parsed.success) throw streamNotFound();
  return parsed.data;
}

/** Event history for reviewers (`admin` and `auditor`: every route here reads; the StaffGuard covers them). */
@Controller('api/admin/history')
export class HistoryController {
  constructor(
    private readonly history: HistoryService,
    private readonly audit: AuditTrail,
  ) {}

  @Get('streams')
  search(@QueryParams() raw: Record<string, string>): Promise<StreamSearchResponse> {
    return this.history.search(StreamSearchQuerySchema.parse(raw).q);
  }

  @Get('streams/:streamId')
  async stream(@Param('streamId') raw: string, @Req() req: HttpRequest): Promise<StreamHistory> {
    const streamId = parseStreamId(raw);
    const result = await this.history.stream(streamId);
    await this.auditPrivate(req, streamId, 'memory_history_opened');
    return result;
  }

  @Get('streams/:streamId/state')
  async state(@Param('streamId') raw: string, @QueryParams() query: Record<string, string>, @Req() req: HttpRequest): Promise<StreamState> {
    const streamId = parseStreamId(raw);
    const { version } = StreamStateQuerySchema.parse(query);
    const result = await this.history.stateAt(streamId, version);
    await this.auditPrivate(req, streamId, 'memory_history_state_opened', { version });
    return result;
  }

  @Get('streams/:streamId/export.json')
  exportJson(@Param('streamId') raw: string, @Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    return this.export(raw, req, reply, 'json', 'application/json; charset=utf-8', (history) => JSON.stringify(history, null, 2));
  }

  @Get('streams/:streamId/export.csv')
  exportCsv(@Param('streamId') raw: string, @Req() req: HttpRequest, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    return this.export(raw, req, reply, 'csv', 'text/csv; charset=utf-8', (history) => historyCsv(history.events));
  }

  @Get('correlation/:correlationId')
  correlation(@Param('correlationId') id: string): Promise<CorrelationResponse> {
    if (id.length > 200) throw new ProblemError(400, 'HISTORY_CORRELATION_INVALID', 'That is not a correlation id.');
    return this.history.correlation(id);
  }

  @Get('events')
  log(@QueryParams() raw: Record<string, string>): Promise<GlobalLogResponse> {
    return this.history.globalLog(GlobalLogQuerySchema.parse(raw));
  }

  @Get('filters')
  filters(): Promise<HistoryFilters> {
    return this.history.filters();
  }

  /**
   * A stream's whole history as a download in `format`, audited like every look at a memory's history. Made
   * whole in memory, as before; `type` names its charset, as Express would add it.
   */
  private async export(raw: string, req: HttpRequest, reply: HttpReply, format: string, type: string, body: (history: StreamHistory) => string): Promise<string> {
    const streamId = parseStreamId(raw);
    const history = await this.history.stream(streamId);
    await this.auditPrivate(req, streamId, 'memory_history_exported', { format });
    setAnswerHeader(reply, 'Content-Disposition', `attachment; filename="${streamId}-history.${format}"`);
    setAnswerHeader(reply, 'Content-Type', type);
    return body(history);
  }

  /** Every look at a family's memory history is itself on the audit trail. */
  private async auditPrivate(req: HttpRequest, streamId: string, action: string, detail: Record<string, unknown> = {}): Promise<void> {
    if (!isPrivate(streamId)) return;
    await this.audit.record(req, { action, tableName: 'events', recordId: streamId, oldValues: null, newValues: { streamId, ...detail } });
  }
}

/** The audit trail's own check, for the Audit Log's badge. */
@Controller('api/admin/audit-log/verify')
export class AuditVerifyController {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  @Get()
  verify(): Promise<AuditChainVerification> {
    return verifyAuditChain(this.sql);
  }
}
