import { describe, expect, it } from '@jest/globals';
import { resetPasswordEmail, verificationEmail } from './templates';
import { reminderDigestEmail } from './reminder-templates';

describe('e-mail templates', () => {
  it('verification: names the product, carries the link in text and HTML, and says how long it works', () => {
    const m = verificationEmail({ to: 'a@b.test', url: 'http://h/verify?token=x&y=1', expiresInSeconds: 86_400, supportEmail: 'help@b.test' });
    expect(m.subject).toBe('Confirm your e-mail address for Afterwards');
    expect(m.text).toContain('http://h/verify?token=x&y=1');
    expect(m.html).toContain('href="http://h/verify?token=x&amp;y=1"');
    expect(m.text).toContain('This link works for 1 day');
    expect(m.text).toContain('help@b.test');
    expect(m.links).toEqual(['http://h/verify?token=x&y=1']);
  });
  it('reset: escapes names in HTML and gives the expiry in hours', () => {
    const m = resetPasswordEmail({ to: 'a@b.test', name: '<Ann>', url: 'http://h/r', expiresInSeconds: 3_600 });
    expect(m.html).toContain('Hello &lt;Ann&gt;,');
    expect(m.text).toContain('This link works for 1 hour and can be used once');
  });
  it('reminder: the day\'s e-mail gathers each memory\'s lines and note, links the checklist, and stops with one click, as a link and RFC 8058 List-Unsubscribe headers', () => {
    const m = reminderDigestEmail({
      to: 'a@b.test',
      subject: 'Reminders for Margaret Ellis and John Smith: 2 things this week',
      sections: [
        { memoryName: "Mum's <affairs>", deceasedName: 'Margaret Ellis', lines: ['Register the death: the legal deadline is Saturday 14 March 2026, in 7 days.'], note: 'If it is already done, you can tick it off.' },
        { memoryName: 'Dad', deceasedName: 'John Smith', lines: ['Arrange the funeral: suggested by Monday 16 March 2026 (in 9 days).'], note: 'Ann will see this on the checklist.' },
      ],
      dashboardUrl: 'http://h/dashboard',
      unsubscribeUrl: 'http://h/api/reminders/unsubscribe?token=abc',
    });
    expect(m.subject).toBe('Reminders for Margaret Ellis and John Smith: 2 things this week');
    expect(m.text).toContain('– Register the death: the legal deadline is Saturday 14 March 2026, in 7 days.');
    expect(m.text).toContain('Ann will see this on the checklist.');
    expect(m.text).toContain('To stop reminders for "Mum\'s <affairs>" and "Dad", with no need to sign in');
    expect(m.html).toContain('href="http://h/api/reminders/unsubscribe?token=abc"');
    expect(m.html).toContain('Mum&#39;s &lt;affairs&gt;');
    expect(m.links).toEqual(['http://h/dashboard', 'http://h/api/reminders/unsubscribe?token=abc']);
    expect(m.headers).toEqual({ 'List-Unsubscribe': '<http://h/api/reminders/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
  });
});
