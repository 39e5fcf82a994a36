import { Inject, type OnApplicationShutdown } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ListingInteraction, RecordInteractionsResponse } from '@afterwards/contracts';
import type { SqlClient } from '@afterwards/persistence';
import { APP_CONFIG, ProblemError, SQL_CLIENT, type AppConfig } from '@afterwards/server-kit';
import { InteractionLimits } from './interaction-limits';
import { RecordInteractions, type InteractionSource } from './record-interactions.command';

/** 429: the address has spent its allowance; the controller adds `Retry-After`. */
export class InteractionsRateLimited extends ProblemError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'INTERACTIONS_RATE_LIMITED',
      `Too many listing interactions from your address. Try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? '' : 's'}.`,
    );
  }
}

const MAX_USER_AGENT = 512;
const MAX_REFERRER = 1024;
const COLUMNS_PER_ROW = 5;

/**
 * Applies the server-side limits, then stores what passed in one multi-row INSERT that keeps only
 * events for Active listings. Counters are the aggregation job's business, not this request's.
 */
@CommandHandler(RecordInteractions)
export class RecordInteractionsHandler implements ICommandHandler<RecordInteractions, RecordInteractionsResponse>, OnApplicationShutdown {
  private readonly limits: InteractionLimits;

  constructor(
    @Inject(SQL_CLIENT) private readonly sql: SqlClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.limits = config.redisUrl ? InteractionLimits.onRedis(config.redisUrl) : InteractionLimits.inMemory();
  }

  async execute({ request, source }: RecordInteractions): Promise<RecordInteractionsResponse> {
    const address = source.clientAddress;
    const cap = await this.limits.takeFromAddress(address, request.interactions.length);
    if (!cap.allowed) {
      throw new InteractionsRateLimited(cap.retryAfterSeconds);
    }
    const allowed = await this.limits.allowItems(address, request.interactions);
    const accepted = request.interactions.filter((_, n) => allowed[n]);
    const recorded = accepted.length === 0 ? 0 : await this.insert(accepted, request.page, request.sessionId, source);
    return { recorded, dropped: request.interactions.length - recorded };
  }

  private async insert(items: ListingInteraction[], page: string, sessionId: string, source: InteractionSource): Promise<number> {
    const params: unknown[] = [source.userAgent?.slice(0, MAX_USER_AGENT) ?? null, source.referrer?.slice(0, MAX_REFERRER) ?? null, sessionId, page];
    const rows = items.map((item, n) => {
      const base = params.length + 1;
      params.push(
        item.listingId,
        item.action,
        item.userLat ?? null,
        item.userLng ?? null,
        item.distanceMiles === undefined ? null : Math.round(item.distanceMiles * 10) / 10,
      );
      if (n === 0) return `($${base}::uuid, $${base + 1}::text, $${base + 2}::float8, $${base + 3}::float8, $${base + 4}::numeric)`;
      return `(${Array.from({ length: COLUMNS_PER_ROW }, (_, k) => `$${base + k}`).join(', ')})`;
    });
    const result = await this.sql.query(
      `INSERT INTO listing_interactions (listing_id, action, user_lat, user_lng, distance_miles, user_agent, referrer, session_id, page, platform)
       SELECT v.listing_id, v.action, v.user_lat, v.user_lng, v.distance_miles, $1, $2, $3, $4, 'web'
       FROM (VALUES ${rows.join(', ')}) AS v (listing_id, action, user_lat, user_lng, distance_miles)
       JOIN listings l ON l.id = v.listing_id AND l.status = 'Active'`,
      params,
    );
    return result.rowCount;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.limits.close();
  }
}
