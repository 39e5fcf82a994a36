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

/** One message as an SMTP server received it: the envelope's recipients, the subject and the decoded body. */
export interface CapturedMail {
  to: string[];
  subject: string;
  /** The whole message with quoted-printable undone: enough to find words and links in it. */
  text: string;
  raw: string;
}

export interface SmtpCapture {
  /** `SMTP_URL` for the product or a `SmtpMailer`. */
  url: string;
  /** Every message to `to` (case-insensitive), oldest first. */
  messagesTo(to: string): CapturedMail[];
  /** Waits (polling, up to `timeoutMs`) for a message to `to` that `match` accepts. */
  waitFor(to: string, match?: (mail: CapturedMail) => boolean, timeoutMs?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

const decodeQuotedPrintable = (raw: string): string => raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/** A real SMTP server on a free local port that keeps what it receives (the product's SMTP transport, end to end). */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const { SMTPServer } = await import('smtp-server');
  const inbox: CapturedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/m.exec(headers)?.[1]?.trim() ?? '';
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), subject, text: decodeQuotedPrintable(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  const messagesTo = (to: string) => inbox.filter((m) => m.to.includes(to.toLowerCase()));
  return {
    url: `smtp://127.0.0.1:${port}`,
    messagesTo,
    async waitFor(to, match = () => true, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messagesTo(to).find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`No matching e-mail for ${to} (${messagesTo(to).length} received)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
