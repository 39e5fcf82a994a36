import type { HttpReply } from './http-request';

/**
 * Sets the status of the answer a route is about to give, when it depends on the answer (a readiness check's
 * 503); a fixed one is `@HttpCode`. Express's response and Fastify's reply both take it as `status(code)`.
 */
export function setAnswerStatus(reply: HttpReply, status: number): void {
  (reply as { status(code: number): unknown }).status(status);
}
