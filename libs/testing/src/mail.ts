import fs from 'node:fs';
import path from 'node:path';

/** One message as the outbox mail driver writes it (`DATA_DIR/outbox/*.json`). */
export interface OutboxMessage {
  id: string;
  kind: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  headers?: Record<string, string>;
  createdAt: string;
}

function readAll(outboxDir: string): OutboxMessage[] {
  if (!fs.existsSync(outboxDir)) return [];
  return fs
    .readdirSync(outboxDir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => JSON.parse(fs.readFileSync(path.join(outboxDir, n), 'utf8')) as OutboxMessage)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Every message for `to` (case-insensitive), oldest first. */
export function mailsFor(outboxDir: string, to: string): OutboxMessage[] {
  return readAll(outboxDir).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/**
 * Waits (polling, up to `timeoutMs`) for the newest message to `to`, optionally of one `kind`
 * (`verify-email`, `reset-password`) and newer than `after` (a message id or count already seen).
 */
export async function latestMail(
  outboxDir: string,
  to: string,
  options: { kind?: string; skip?: number; timeoutMs?: number } = {},
): Promise<OutboxMessage> {
  const deadline = Date.now() + (options.timeoutMs ?? 10_000);
  for (;;) {
    const mails = mailsFor(outboxDir, to).filter((m) => !options.kind || m.kind === options.kind);
    if (mails.length > (options.skip ?? 0)) return mails.at(-1)!;
    if (Date.now() > deadline) throw new Error(`No ${options.kind ?? ''} e-mail for ${to} in ${outboxDir}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
