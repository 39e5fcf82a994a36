import { useState, type MouseEvent, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { Logo } from './Logo';
import { Container } from './Layout';
import { useHydrated } from '../hooks/useHydrated';
import { copyrightText } from './copyright';

export interface FooterLink {
  href: string;
  label: string;
  /** Opens in a new tab (and says so to screen readers). */
  external?: boolean;
}

export interface FooterPolicies {
  /** Full text of each policy, shown in a modal when its link is clicked. */
  privacy: ReactNode;
  terms: ReactNode;
  /** Short cookie policy summary (a default summary is used when omitted). */
  cookies?: ReactNode;
}

export interface FooterProps {
  /** Extra links shown before the policy links (e.g. Home, Resources, a support address). */
  extraLinks?: ReadonlyArray<FooterLink>;
  /** Optional line under the copyright. */
  note?: ReactNode;
  /**
   * When given, Privacy Policy and Terms & Conditions open as modals (with an OK button) on a plain
   * click; the links still point at /privacy and /terms for new tabs and for readers without script.
   */
  policies?: FooterPolicies;
  /** Adds a 'Cookie Settings' link that reopens the cookie preferences. */
  onCookieSettings?: () => void;
  /** Small print under the links, such as data credits. */
  credits?: ReactNode;
}

type PolicyKind = 'privacy' | 'terms' | 'cookies';

const TITLES: Record<PolicyKind, string> = {
  privacy: 'Privacy Policy',
  terms: 'Terms & Conditions',
  cookies: 'Cookie Policy',
};

const DEFAULT_COOKIE_SUMMARY = (
  <>
    <p>
      Afterwards only uses cookies that are strictly necessary for the service to work, such as the one that keeps you signed in. We do not use advertising or tracking cookies.
    </p>
    <p>If we ever want to use other cookies, for example to understand how the service is used, we will ask you first, and you can change your mind at any time.</p>
  </>
);

/** Plain left click without modifier keys: open the modal instead of following the link. */
function plainClick(e: MouseEvent) {
  return e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;
}

/**
 * Site footer: copyright and the policy links. Privacy Policy and Terms & Conditions are pages
 * (/privacy, /terms) that can also open as modals; the Cookie Policy is a short summary in a modal.
 */
export function Footer({ extraLinks = [], note, policies, onCookieSettings, credits }: FooterProps) {
  const [open, setOpen] = useState<PolicyKind | null>(null);
  const hydrated = useHydrated();
  const body: Record<PolicyKind, ReactNode> = {
    privacy: policies?.privacy ?? null,
    terms: policies?.terms ?? null,
    cookies: policies?.cookies ?? DEFAULT_COOKIE_SUMMARY,
  };
  const policyLink = (kind: 'privacy' | 'terms', href: string) => (
    <a
      href={href}
      aria-haspopup={policies ? 'dialog' : undefined}
      onClick={
        policies
          ? (e) => {
              if (!plainClick(e)) return;
              e.preventDefault();
              setOpen(kind);
            }
          : undefined
      }
    >
      {TITLES[kind]}
    </a>
  );

  return (
    <footer className="aw-footer">
      <Container className="aw-split aw-footer__inner">
        <div className="aw-footer__brand">
          <Logo size="sm" decorative />
          <div>
            <p>{copyrightText(hydrated ? new Date() : null)}</p>
            {note ? <p>{note}</p> : null}
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="aw-list-cluster aw-footer__links">
            {extraLinks.map((l) => (
              <li key={l.href}>
                {l.external ? (
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {l.label}
                    <span className="aw-visually-hidden"> (opens in a new tab)</span>
                  </a>
                ) : (
                  <a href={l.href}>{l.label}</a>
                )}
              </li>
            ))}
            <li>{policyLink('privacy', '/privacy')}</li>
            <li>{policyLink('terms', '/terms')}</li>
            <li>
              {/* In a page rendered at build time, buttons wait for the script that makes them work. */}
              <button type="button" onClick={() => setOpen('cookies')} aria-haspopup="dialog" disabled={!hydrated}>
                Cookie Policy
              </button>
            </li>
            {onCookieSettings ? (
              <li>
                <button type="button" onClick={onCookieSettings} aria-haspopup="dialog" disabled={!hydrated}>
                  Cookie Settings
                </button>
              </li>
            ) : null}
          </ul>
        </nav>
        {credits ? <div className="aw-footer__credits">{credits}</div> : null}
      </Container>
      <Dialog open={open !== null} onClose={() => setOpen(null)} title={open ? TITLES[open] : ''} size={open === 'cookies' ? 'default' : 'wide'} className="aw-policy-dialog">
        {open ? <div className="aw-dialog__scroll">{body[open]}</div> : null}
      </Dialog>
    </footer>
  );
}
