import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Headers, Inject, Res } from '@nestjs/common';
import type { AppConfig } from '../config/config';
import { setAnswerHeader, type HttpReply } from '../http/http-request';
import { ProblemError } from '../problems/problem';
import { APP_CONFIG } from '../tokens';
import { Metrics } from './metrics';

/** Whether `authorization` is `Bearer <token>`, compared in constant time (digests: equal lengths whatever was sent). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1] ?? '';
  const digest = (text: string) => createHash('sha256').update(text).digest();
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * Prometheus scrapes this replica here. Outside `/api` as Prometheus expects; open unless METRICS_TOKEN
 * is set, so deployments keep it off the public proxy. It carries counts and route patterns only.
 */
@Controller()
export class MetricsController {
  constructor(
    private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Get('metrics')
  async scrape(@Headers('authorization') authorization: string | undefined, @Res({ passthrough: true }) reply: HttpReply): Promise<string> {
    // A reading of now: never kept by a browser or a proxy, a refusal included.
    setAnswerHeader(reply, 'Cache-Control', 'no-store');
    if (this.config.metricsToken && !bearerMatches(authorization, this.config.metricsToken)) {
      setAnswerHeader(reply, 'WWW-Authenticate', 'Bearer realm="metrics"');
      throw new ProblemError(401, 'METRICS_TOKEN_REQUIRED', 'The metrics need the token set in METRICS_TOKEN: Authorization: Bearer <token>.');
    }
    const { contentType, text } = await this.metrics.exposition();
    // Prometheus's type names its charset (utf-8), so Express sends it as it is.
    setAnswerHeader(reply, 'Content-Type', contentType);
    return text;
  }
}
