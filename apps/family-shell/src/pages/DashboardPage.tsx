import { ButtonLink, Card, Container, Logo } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';
import { displayName, type SessionUser } from '../session';

/** Only reachable when GET /api/session says the visitor is signed in. */
export function DashboardPage({ user }: { user: SessionUser }) {
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-center">
        <Card tone="raised" className="fs-notice">
          <Logo size="lg" decorative />
          <h1 className="fs-notice__title">Welcome, {displayName(user)}</h1>
          <p className="aw-muted">
            Your dashboard is being prepared. Memories, tasks, documents and notes will appear here soon.
          </p>
          <div className="fs-notice__actions">
            <ButtonLink href="/resources">Browse resources</ButtonLink>
          </div>
        </Card>
      </Container>
    </PageLayout>
  );
}
