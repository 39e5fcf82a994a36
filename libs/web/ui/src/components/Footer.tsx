import { useState, type ReactNode } from 'react';
import { Dialog } from './Dialog';
import { Logo } from './Logo';
import { Container } from './Layout';

export const FOOTER_FIRST_YEAR = 2024;

export function copyrightText(now: Date = new Date(), owner = 'Afterwards'): string {
  const year = now.getFullYear();
  const span = year > FOOTER_FIRST_YEAR ? `${FOOTER_FIRST_YEAR}–${year}` : String(FOOTER_FIRST_YEAR);
  return `© ${span} ${owner}. All rights reserved.`;
}

export interface FooterProps {
  /** Extra links shown before the policy links (e.g. Home, Resources). */
  extraLinks?: ReadonlyArray<{ href: string; label: string }>;
  /** Optional line under the copyright. */
  note?: ReactNode;
}

/**
 * Site footer: copyright and the policy links. Privacy Policy and Terms & Conditions are pages
 * (/privacy, /terms); the Cookie Policy is a short summary in a modal.
 */
export function Footer({ extraLinks = [], note }: FooterProps) {
  const [cookiesOpen, setCookiesOpen] = useState(false);
  return (
    <footer className="aw-footer">
      <Container className="aw-footer__inner">
        <div className="aw-footer__brand">
          <Logo size="sm" decorative />
          <div>
            <p>{copyrightText()}</p>
            {note ? <p>{note}</p> : null}
          </div>
        </div>
        <nav aria-label="Footer">
          <ul className="aw-footer__links">
            {extraLinks.map((l) => (
              <li key={l.href}>
                <a href={l.href}>{l.label}</a>
              </li>
            ))}
            <li>
              <a href="/privacy">Privacy Policy</a>
            </li>
            <li>
              <a href="/terms">Terms &amp; Conditions</a>
            </li>
            <li>
              <button type="button" onClick={() => setCookiesOpen(true)} aria-haspopup="dialog">
                Cookie Policy
              </button>
            </li>
          </ul>
        </nav>
      </Container>
      <Dialog open={cookiesOpen} onClose={() => setCookiesOpen(false)} title="Cookie Policy">
        <p>
          Afterwards only uses cookies that are strictly necessary for the service to work, such as the one
          that keeps you signed in. We do not use advertising or tracking cookies.
        </p>
        <p>
          If we ever want to use other cookies, for example to understand how the service is used, we will
          ask you first, and you can change your mind at any time.
        </p>
      </Dialog>
    </footer>
  );
}
