import { Injectable, SetMetadata, type ExecutionContext } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { HttpRequest } from '../http/http-request';
import { ProblemError } from '../problems/problem';
import { isSafeMethod } from './own-origin';

const CONSUMES = 'afterwards:consumes';
const JSON_ONLY = ['application/json'];

/** The body types a write route documents; without it a route takes JSON only. */
export const Consumes = (...mediaTypes: string[]) => SetMetadata(CONSUMES, mediaTypes.map((t) => t.toLowerCase()));

export const unsupportedBodyMessage = (accepted: readonly string[]): string =>
  `This request's body must be sent as ${accepted.join(' or ')}.`;

/** A request carries a body when it says how long one is or that one is chunked. */
const hasBody = (req: Pick<HttpRequest, 'headers'>): boolean =>
  (req.headers['content-length'] !== undefined && req.headers['content-length'] !== '0') || req.headers['transfer-encoding'] !== undefined;

/**
 * Each write route accepts only the body types its contract documents (JSON unless it says otherwise),
 * answering 415 to anything else. A form or text body is what a cross-site page can send without asking
 * first, so a route that never meant to read one never sees one, and a mistaken client learns why.
 * Run by `RequestChecks` after the checks of who may call a route: 401 and 403 are answered first.
 */
@Injectable()
export class BodyTypeCheck {
  constructor(private readonly reflector: Reflector) {}

  check(context: ExecutionContext): void {
    if (context.getType() !== 'http') return;
    const req = context.switchToHttp().getRequest<HttpRequest>();
    if (isSafeMethod(req.method) || !hasBody(req)) return;
    const accepted = this.reflector.getAllAndOverride<string[] | undefined>(CONSUMES, [context.getHandler(), context.getClass()]) ?? JSON_ONLY;
    const mediaType = (req.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    if (!accepted.includes(mediaType)) {
      const message = unsupportedBodyMessage(accepted);
      throw new ProblemError(415, 'UNSUPPORTED_MEDIA_TYPE', message, [{ path: 'content-type', message }]);
    }
  }
}
