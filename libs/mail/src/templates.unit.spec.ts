import { describe, expect, it } from '@jest/globals';
import { resetPasswordEmail, verificationEmail } from './templates';

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
});
