import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Mailer, MailMessage, SentMail } from './mail';

export interface OutboxRecord {
  readonly id: string;
  readonly kind: string;
  readonly from: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly links: readonly string[];
  readonly headers?: Readonly<Record<string, string>>;
  readonly createdAt: string;
}

/**
 * The embedded default: each message is written to `<dir>/<time>-<id>.eml` (a real RFC 5322 message
 * any mail program opens) and a `.json` beside it, and its kind, links and file are logged: never its
 * address, subject or text, which name the family and the person who died (logs travel further and live
 * longer than the outbox, which the memory's and the account's owner data rules cover).
 */
export class OutboxMailer implements Mailer {
  readonly driver = 'outbox' as const;
  private readonly composer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });

  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly log: (message: string, fields: Record<string, unknown>) => void = () => undefined,
  ) {}

  async send(message: MailMessage): Promise<SentMail> {
    await fs.mkdir(this.dir, { recursive: true });
    const id = randomUUID();
    const createdAt = new Date().toISOString();
    const info = await this.composer.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html, headers: message.headers, messageId: `<${id}@afterwards.local>` });
    const base = path.join(this.dir, `${createdAt.replace(/[:.]/g, '-')}-${id}`);
    const record: OutboxRecord = { id, kind: message.kind, from: this.from, to: message.to, subject: message.subject, text: message.text, html: message.html, links: message.links ?? [], ...(message.headers ? { headers: message.headers } : {}), createdAt };
    await fs.writeFile(`${base}.eml`, info.message as Buffer);
    // The .json is written last and atomically: a reader that sees it sees a whole message.
    await fs.writeFile(`${base}.json.tmp`, JSON.stringify(record, null, 2));
    await fs.rename(`${base}.json.tmp`, `${base}.json`);
    this.log('e-mail written to the outbox', { kind: message.kind, links: record.links, file: `${base}.eml` });
    return { messageId: id };
  }

  async close(): Promise<void> {
    this.composer.close();
  }
}

/** Every message in an outbox folder, oldest first. */
export async function readOutbox(dir: string): Promise<OutboxRecord[]> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch {
    return [];
  }
  const records = await Promise.all(
    names.filter((n) => n.endsWith('.json')).map(async (n) => JSON.parse(await fs.readFile(path.join(dir, n), 'utf8')) as OutboxRecord),
  );
  return records.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}
