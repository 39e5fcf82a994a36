import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { memoryInvitationEmail, readOutbox, reminderDigestEmail, resetPasswordEmail, verificationEmail } from '@afterwards/mail';
import { loadConfig } from '@afterwards/server-kit';
import { createMailer } from './identity.module';

/** The names and the address a family's e-mails carry, each unusual enough that finding one in a log is a leak. */
const FAMILY = { person: 'Philippa Quarrington', died: 'Ambrose Quarrington', memory: 'Grandpa Ambrose', address: 'philippa.q@example.org' };

describe('the outbox (no SMTP_URL) logs', () => {
  let dir: string;
  let lines: string[];

  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'outbox-logging-'));
    lines = [];
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('each e-mail with its kind and links, but no name of the family or of the person who died, no address and no subject', async () => {
    const config = loadConfig({ DATA_DIR: dir });
    // The logger the product builds, writing to a destination the test reads (pino's own line format).
    const destination = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
        done();
      },
    });
    const logger = pino({ level: 'info' }, destination);
    const mailer = createMailer(config, logger);
    expect(mailer.driver).toBe('outbox');
    const messages = [
      verificationEmail({ to: FAMILY.address, url: 'http://127.0.0.1:3000/api/auth/verify-email?token=v1', expiresInSeconds: 3600 }),
      resetPasswordEmail({ to: FAMILY.address, name: FAMILY.person, url: 'http://127.0.0.1:3000/reset-password?token=r1', expiresInSeconds: 3600 }),
      memoryInvitationEmail({ to: FAMILY.address, invitedBy: FAMILY.person, deceasedName: FAMILY.died, role: 'editor', url: 'http://127.0.0.1:3000/invitations/i1', expiresInSeconds: 86_400 }),
      reminderDigestEmail({
        to: FAMILY.address,
        name: FAMILY.person,
        // The day's reminder e-mail names the person who died in its subject (issue 40, item 4): the log must not.
        subject: `Reminders for ${FAMILY.died}: 1 thing this week`,
        sections: [{ memoryName: FAMILY.memory, deceasedName: FAMILY.died, lines: ['Register the death: the legal deadline is Saturday 14 March 2026, in 3 days.'], note: 'If it is already done, you can tick it off.' }],
        dashboardUrl: 'http://127.0.0.1:3000/dashboard',
        unsubscribeUrl: 'http://127.0.0.1:3000/api/reminders/unsubscribe?token=u1',
      }),
    ];
    for (const message of messages) await mailer.send(message);
    await mailer.close();

    // The messages themselves are whole in the outbox, names and all: only the log leaves them out.
    const outbox = await readOutbox(path.join(dir, 'outbox'));
    expect(outbox.map((m) => m.subject).join(' ')).toContain(FAMILY.died);
    const text = lines.join('\n');
    for (const leak of [...Object.values(FAMILY), 'Quarrington', ...messages.map((m) => m.subject)]) expect(text).not.toContain(leak);
    // What a developer needs from the embedded profile's log is still there: which e-mail, and its links.
    const logged = lines.map((line) => JSON.parse(line) as { msg: string; kind?: string; links?: string[] });
    expect(logged.map((l) => [l.msg, l.kind, l.links])).toEqual(messages.map((m) => ['e-mail written to the outbox', m.kind, m.links]));
  });
});
