import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSmtpCapture } from '@afterwards/testing';
import { OutboxMailer, readOutbox, resetPasswordEmail, SmtpMailer, verificationEmail, type Mailer } from './index';

/** Undoes quoted-printable soft line breaks and escapes, enough to find links in a raw message. */
function decodeQuotedPrintable(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

interface Driver {
  mailer: Mailer;
  /** The raw RFC 5322 messages received for `to`, oldest first. */
  received(to: string): Promise<string[]>;
  close(): Promise<void>;
}

async function outboxDriver(): Promise<Driver> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'afterwards-outbox-'));
  const mailer = new OutboxMailer(dir, 'Afterwards <no-reply@afterwards.test>');
  return {
    mailer,
    async received(to) {
      const records = (await readOutbox(dir)).filter((r) => r.to === to);
      const emls = fs.readdirSync(dir).filter((n) => n.endsWith('.eml')).sort();
      return records.map((r) => fs.readFileSync(path.join(dir, emls.find((n) => n.includes(r.id))!), 'utf8'));
    },
    async close() {
      await mailer.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function smtpDriver(): Promise<Driver> {
  const capture = await startSmtpCapture();
  const mailer = new SmtpMailer(capture.url, 'Afterwards <no-reply@afterwards.test>');
  return {
    mailer,
    async received(to) {
      return capture.messagesTo(to).map((m) => m.raw);
    },
    async close() {
      await mailer.close();
      await capture.close();
    },
  };
}

describe.each([
  ['outbox', outboxDriver],
  ['smtp', smtpDriver],
] as const)('mail contract: %s', (_name, open) => {
  let driver: Driver;
  beforeAll(async () => {
    driver = await open();
  });
  afterAll(async () => {
    await driver.close();
  });

  it('delivers a verification e-mail with text and HTML parts and its link intact', async () => {
    const url = 'http://127.0.0.1:3000/api/auth/verify-email?token=abc.def-ghi_jkl&callbackURL=%2Fdashboard';
    await driver.mailer.send(verificationEmail({ to: 'ann@example.test', name: 'Ann', url, expiresInSeconds: 86_400 }));
    const [raw] = await driver.received('ann@example.test');
    expect(raw).toBeDefined();
    const decoded = decodeQuotedPrintable(raw!);
    expect(decoded).toMatch(/^Subject: Confirm your e-mail address for Afterwards/m);
    expect(decoded).toMatch(/^From: Afterwards <no-reply@afterwards\.test>/m);
    expect(decoded).toMatch(/Content-Type: multipart\/alternative/);
    expect(decoded).toMatch(/Content-Type: text\/plain/);
    expect(decoded).toMatch(/Content-Type: text\/html/);
    expect(decoded).toContain(url);
    expect(decoded).toContain('This link works for 1 day');
  });

  it('delivers each message only to its own address, in order', async () => {
    await driver.mailer.send(resetPasswordEmail({ to: 'bob@example.test', url: 'http://x.test/reset/1', expiresInSeconds: 3_600 }));
    await driver.mailer.send(resetPasswordEmail({ to: 'bob@example.test', url: 'http://x.test/reset/2', expiresInSeconds: 3_600 }));
    const messages = (await driver.received('bob@example.test')).map(decodeQuotedPrintable);
    expect(messages).toHaveLength(2);
    expect(messages[0]).toContain('http://x.test/reset/1');
    expect(messages[1]).toContain('http://x.test/reset/2');
    expect(messages[1]).toMatch(/^Subject: Reset your Afterwards password/m);
    expect(await driver.received('nobody@example.test')).toEqual([]);
  });
});
