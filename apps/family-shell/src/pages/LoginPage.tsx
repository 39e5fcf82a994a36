import { ButtonLink, Card, Container, Icon, Logo } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';

/** Accounts are a later piece of work: this page says so plainly instead of showing a form that cannot work. */
export function LoginPage() {
  return (
    <PageLayout nav={NAV.simple}>
      <Container narrow className="fs-page fs-center">
        <Card tone="raised" className="fs-notice">
          <Logo size="lg" decorative />
          <h1 className="fs-notice__title">
            Account <span className="fs-nowrap">sign-in</span> is coming soon
          </h1>
          <p className="aw-muted">
            We are still building accounts, so you can't sign in or create an account just yet. When it's
            ready, you'll be able to keep a checklist for the person who died, store documents and pick up
            where you left off.
          </p>
          <p className="aw-muted">In the meantime, our resources and local services are open to everyone.</p>
          <div className="fs-notice__actions">
            <ButtonLink href="/" variant="secondary" icon={<Icon name="arrow-left" />}>
              Back to home
            </ButtonLink>
            <ButtonLink href="/resources">Browse resources</ButtonLink>
          </div>
        </Card>
      </Container>
    </PageLayout>
  );
}
