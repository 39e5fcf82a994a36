// What a footer's policy link opens in a modal, with the configured support address. Its own chunk with
// the policies' text: fetched when someone first opens a policy, not with every page (docs/benchmarks.md, "First load").
import { useSupportEmail } from '../auth/options';
import { COOKIE_SUMMARY, privacyPolicy, termsOfService } from '../content/policies';
import { Blocks, PolicyText } from './PolicyText';

export default function FooterPolicy({ kind }: { kind: 'privacy' | 'terms' | 'cookies' }) {
  const supportEmail = useSupportEmail();
  if (kind === 'cookies') return <Blocks blocks={COOKIE_SUMMARY} />;
  return <PolicyText policy={kind === 'privacy' ? privacyPolicy(supportEmail) : termsOfService(supportEmail)} inModal />;
}
