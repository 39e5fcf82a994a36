import { describe, expect, it } from '@jest/globals';
import { resetPasswordEmail, verificationEmail } from './templates';
import { reminderEmail } from './reminder-templates';

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
  it('reminder: what is due and when, the checklist link, and a one-click way to stop, as a link and RFC 8058 List-Unsubscribe headers', () => {
    const base = { to: 'a@b.test', memoryName: "Mum's <affairs>", deceasedName: 'Margaret Ellis', taskTitle: 'Register the death', dueOn: 'Saturday 14 March 2026', dashboardUrl: 'http://h/dashboard', unsubscribeUrl: 'http://h/api/reminders/unsubscribe?token=abc' };
    const legal = reminderEmail({ ...base, legal: true, daysLeft: 7, lateNote: 'You can still register it late.' });
    expect(legal.subject).toBe('Reminder: Register the death – legal deadline in 7 days');
    expect(legal.text).toContain('the legal deadline is Saturday 14 March 2026, in 7 days.');
    expect(legal.text).toContain('You can still register it late.');
    expect(legal.html).toContain('href="http://h/api/reminders/unsubscribe?token=abc"');
    expect(legal.html).toContain('Mum&#39;s &lt;affairs&gt;');
    expect(legal.links).toEqual(['http://h/dashboard', 'http://h/api/reminders/unsubscribe?token=abc']);
    expect(legal.headers).toEqual({ 'List-Unsubscribe': '<http://h/api/reminders/unsubscribe?token=abc>', 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
    expect(reminderEmail({ ...base, legal: true, daysLeft: 0 }).subject).toBe('Reminder: Register the death – legal deadline today');
    const suggested = reminderEmail({ ...base, legal: false, daysLeft: 1 });
    expect(suggested.subject).toBe('Reminder: Register the death – suggested by Saturday 14 March 2026');
    expect(suggested.text).toContain('not a legal deadline');
  });
});
