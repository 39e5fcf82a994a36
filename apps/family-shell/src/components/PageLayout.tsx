import type { ReactNode } from 'react';
import { AppHeader, ButtonLink, Footer, SkipLink, openConsentSettings, type FooterLink } from '@afterwards/web-ui';
import { useFooterPolicies } from './FooterPolicies';
import { useSupportEmail } from '../auth/options';
import { PLACE_DATA_ATTRIBUTION } from '../content/credits';
import { useLocation } from '../router';

export interface NavItem {
  href: string;
  label: string;
  /** Shown as a button rather than a plain link. */
  primary?: boolean;
  /** Hidden on very small screens (the page still offers it elsewhere). */
  wideOnly?: boolean;
}

export const NAV = {
  landing: [
    { href: '#how-it-works', label: 'How it works', wideOnly: true },
    { href: '/resources', label: 'Resources' },
    { href: '/login', label: 'Sign In' },
    { href: '/login', label: 'Get Started', primary: true },
  ],
  // Spec: the resources page header offers Home, Privacy, Terms and Get Started (to the home page).
  resources: [
    { href: '/', label: 'Home' },
    { href: '/privacy', label: 'Privacy' },
    { href: '/terms', label: 'Terms' },
    { href: '/', label: 'Get Started', primary: true },
  ],
  simple: [
    { href: '/', label: 'Home' },
    { href: '/resources', label: 'Resources' },
  ],
} satisfies Record<string, NavItem[]>;

export function PageLayout({ nav, children, footerLinks }: { nav: NavItem[]; children: ReactNode; footerLinks?: boolean }) {
  const { pathname } = useLocation();
  const policies = useFooterPolicies();
  const supportEmail = useSupportEmail();
  return (
    <div className="aw-page">
      <SkipLink />
      <AppHeader>
        <nav aria-label="Main" className="aw-nav">
          {nav.map((item) =>
            item.primary ? (
              <ButtonLink key={item.label} href={item.href} size="sm">
                {item.label}
              </ButtonLink>
            ) : (
              <a
                key={item.label}
                href={item.href}
                className={item.wideOnly ? 'aw-nav__link fs-wide-only' : 'aw-nav__link'}
                aria-current={item.href === pathname ? 'page' : undefined}
              >
                {item.label}
              </a>
            ),
          )}
        </nav>
      </AppHeader>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer
        extraLinks={footerLinks ? resourcesFooterLinks(supportEmail) : []}
        policies={policies}
        onCookieSettings={openConsentSettings}
        credits={
          <p>
            <strong>Credits.</strong> Place search: {PLACE_DATA_ATTRIBUTION}
          </p>
        }
      />
    </div>
  );
}

// Spec: the resources page footer has Home, Resources, the policies, a support contact and external links.
function resourcesFooterLinks(supportEmail: string | null): FooterLink[] {
  return [
    { href: '/', label: 'Home' },
    { href: '/resources', label: 'Resources' },
    ...(supportEmail ? [{ href: `mailto:${supportEmail}`, label: 'Contact support' }] : []),
    { href: 'https://www.gov.uk/after-a-death', label: 'GOV.UK: after a death', external: true },
    { href: 'https://www.citizensinformation.ie/en/death/', label: 'Citizens Information (Ireland)', external: true },
  ];
}
