import { parseInline } from './inline';
import { COOKIE_SUMMARY, privacyPolicy, termsOfService, type PolicyBlock } from './policies';

const SUPPORT = 'help@afterwards.test';
const PRIVACY_POLICY = privacyPolicy(SUPPORT);
const TERMS = termsOfService(SUPPORT);

const text = (blocks: readonly PolicyBlock[]) => blocks.map((b) => (typeof b === 'string' ? b : b.list.join(' '))).join(' ');

describe('policy content', () => {
  it('has the 13 privacy sections the spec lists, in order', () => {
    expect(PRIVACY_POLICY.sections.map((s) => s.id)).toEqual([
      'controller',
      'data-collected',
      'uses',
      'legal-bases',
      'cookies',
      'security',
      'sharing',
      'rights',
      'retention',
      'transfers',
      'children',
      'contact',
      'changes',
    ]);
    const all = PRIVACY_POLICY.sections.map((s) => text(s.blocks)).join(' ');
    expect(all).toContain('data controller');
    expect(all).toContain('UK GDPR');
    expect(all).toContain("Information Commissioner's Office (ICO)");
    expect(text(PRIVACY_POLICY.sections.find((s) => s.id === 'retention')!.blocks)).toContain('at most 2 years');
    expect(text(PRIVACY_POLICY.sections.find((s) => s.id === 'children')!.blocks)).toContain('under 16');
  });

  it('has the 7 terms sections, England and Wales law and a link to the privacy policy', () => {
    expect(TERMS.sections.map((s) => s.id)).toEqual(['agreement', 'service', 'no-legal-advice', 'your-duties', 'liability', 'law', 'contact']);
    expect(text(TERMS.sections.find((s) => s.id === 'law')!.blocks)).toContain('England and Wales');
    expect(parseInline(TERMS.intro)).toContainEqual({ text: 'Privacy Policy', href: '/privacy', external: false });
    expect(text(TERMS.sections.find((s) => s.id === 'agreement')!.blocks)).toContain('18 or over');
  });

  it('gives the configured support address as a mail link, and no other address', () => {
    const contact = parseInline(text(PRIVACY_POLICY.sections.find((s) => s.id === 'contact')!.blocks));
    expect(contact).toContainEqual({ text: SUPPORT, href: `mailto:${SUPPORT}`, external: false });
    expect(parseInline(text(TERMS.sections.find((s) => s.id === 'contact')!.blocks))).toContainEqual({ text: SUPPORT, href: `mailto:${SUPPORT}`, external: false });
    const addresses = (p: typeof PRIVACY_POLICY) => new Set(JSON.stringify(p).match(/[\w.+-]+@[\w.-]+\w/g));
    expect(addresses(PRIVACY_POLICY)).toEqual(new Set([SUPPORT]));
    expect(addresses(TERMS)).toEqual(new Set([SUPPORT]));
    // Before the server has said it: plain words, no address of its own.
    expect(text(privacyPolicy(null).sections.find((s) => s.id === 'contact')!.blocks)).toContain('write to our support team.');
    expect(addresses(privacyPolicy(null))).toEqual(new Set());
    expect(text(COOKIE_SUMMARY)).toContain('Cookie Settings');
  });

  it('splits text around links', () => {
    expect(parseInline('See [ICO](https://ico.org.uk/) now.')).toEqual([
      { text: 'See ' },
      { text: 'ICO', href: 'https://ico.org.uk/', external: true },
      { text: ' now.' },
    ]);
    expect(parseInline('no links')).toEqual([{ text: 'no links' }]);
  });
});
