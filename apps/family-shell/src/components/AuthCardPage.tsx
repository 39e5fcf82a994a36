// The page a sign-in, password, verification or invitation card stands alone on, centred.
import type { ReactNode } from 'react';
import { Card, Container } from '@afterwards/web-ui';
import { NAV, PageLayout } from './PageLayout';

export function AuthCardPage({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-center">
        <Card tone="raised" as="section" className="aw-auth-card fs-auth" aria-labelledby={titleId}>
          {children}
        </Card>
      </Container>
    </PageLayout>
  );
}
