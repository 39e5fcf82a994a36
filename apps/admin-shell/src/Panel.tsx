// The staff panel frame (admin spec section 2, 'Admin panel shell'): header with the welcome line and
// Sign Out, side menu of the sections. Sections arrive with later work; until then they say so.
import { useEffect, useRef, useState } from 'react';
import type { AdminUser } from '@afterwards/contracts';
import { AppHeader, Button, Card, Container, Icon, SkipLink, copyrightText, type IconName } from '@afterwards/web-ui';
import { welcomeName } from './session';

export type AdminSection = 'dashboard' | 'businesses' | 'promotions' | 'coverage' | 'documents' | 'settings';

export const SECTIONS: ReadonlyArray<{ id: AdminSection; label: string; icon: IconName; about: string }> = [
  { id: 'dashboard', label: 'Dashboard', icon: 'progress', about: 'Totals for listings, promotions and revenue, and the reviews waiting for you.' },
  { id: 'businesses', label: 'Local Businesses', icon: 'building', about: 'Add, review, approve and edit the listings in the local-services directory.' },
  { id: 'promotions', label: 'Promotions', icon: 'megaphone', about: 'Featured placements: create, renew and cancel paid promotions.' },
  { id: 'coverage', label: 'Coverage Analytics', icon: 'map', about: 'Where the directory covers people well, and where it needs more services.' },
  { id: 'documents', label: 'Document Processing', icon: 'document', about: 'Import businesses from spreadsheets and documents, and check them before they go live.' },
  { id: 'settings', label: 'Settings', icon: 'settings', about: 'Prices, limits and other settings of the back office.' },
];

export function Panel({ admin, onSignOut, signingOut }: { admin: AdminUser; onSignOut: () => void; signingOut: boolean }) {
  const [section, setSection] = useState<AdminSection>('dashboard');
  const headingRef = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  const current = SECTIONS.find((s) => s.id === section)!;

  useEffect(() => {
    document.title = `${current.label} · Afterwards staff area`;
    if (first.current) {
      first.current = false;
      return;
    }
    headingRef.current?.focus();
  }, [current.label]);

  return (
    <div className="aw-page adm-page">
      <SkipLink />
      <AppHeader homeHref="/admin/" subtitle="Staff area">
        <div className="adm-header__aside">
          <span className="adm-welcome">Welcome, {welcomeName(admin)}</span>
          <Button variant="secondary" size="sm" onClick={onSignOut} disabled={signingOut} icon={<Icon name="log-out" size={16} />}>
            {signingOut ? 'Signing out...' : 'Sign Out'}
          </Button>
        </div>
      </AppHeader>
      <div className="adm-body">
        <Container className="adm-layout">
          <nav className="adm-side" aria-label="Sections">
            <ul>
              {SECTIONS.map((s) => (
                <li key={s.id}>
                  <button type="button" className="adm-side__item" aria-current={s.id === section ? 'page' : undefined} onClick={() => setSection(s.id)}>
                    <Icon name={s.icon} size={18} />
                    <span>{s.label}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <main id="main" tabIndex={-1} className="adm-content">
            <h1 ref={headingRef} tabIndex={-1} className="adm-content__title">
              {current.label}
            </h1>
            <Card className="adm-building" as="section" aria-label={`${current.label}: not ready yet`}>
              <span className="adm-building__icon" aria-hidden="true">
                <Icon name={current.icon} size={26} />
              </span>
              <div>
                <h2 className="adm-building__title">This section is being built</h2>
                <p className="aw-muted">{current.about}</p>
              </div>
            </Card>
          </main>
        </Container>
      </div>
      <footer className="adm-footer">
        <Container>
          <p>{copyrightText()}</p>
        </Container>
      </footer>
    </div>
  );
}
