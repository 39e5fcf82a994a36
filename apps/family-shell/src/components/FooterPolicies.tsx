// The footers' policy modals, apart from ./PolicyText so that ./FooterPolicy (which draws with it) is
// only reached through its lazy import.
import { lazy, Suspense } from 'react';
import { InlineLoading } from '@afterwards/web-ui';

const FooterPolicy = lazy(() => import('./FooterPolicy'));

const footerPolicy = (kind: 'privacy' | 'terms' | 'cookies') => (
  <Suspense fallback={<InlineLoading>Loading…</InlineLoading>}>
    <FooterPolicy kind={kind} />
  </Suspense>
);

/**
 * The footers' policy modals (family spec: the policy links open modals), with the configured support
 * address. A modal's body is drawn only while it is open, so the policies' text is fetched then.
 */
const FOOTER_POLICIES = { privacy: footerPolicy('privacy'), terms: footerPolicy('terms'), cookies: footerPolicy('cookies') };

export function useFooterPolicies() {
  return FOOTER_POLICIES;
}
