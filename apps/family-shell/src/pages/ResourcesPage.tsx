import { ButtonLink, Card, Container, Icon } from '@afterwards/web-ui';
import { NAV, PageLayout } from '../components/PageLayout';
import { ResourcesColumns } from '../components/ResourcesColumns';

export function ResourcesPage() {
  return (
    <PageLayout nav={NAV.resources} footerLinks>
      <Container className="fs-page">
        <div className="aw-stack fs-resources__intro">
          <p className="aw-eyebrow">Resources</p>
          <h1>Resources &amp; local services</h1>
          <p className="fs-lead aw-muted">
            Trusted guidance from government services and bereavement charities, and people near you who can
            help.
          </p>
          <a className="fs-jump-link" href="#local-services">
            <Icon name="arrow-down" />
            Find local services near you
          </a>
        </div>

        <Card tone="accent" className="aw-split fs-banner" as="section" aria-labelledby="signup-title">
          <div>
            <h2 id="signup-title" className="fs-banner__title">
              Keep everything in one place
            </h2>
            <p>
              With an account you'll get a personal checklist of tasks and documents for the person who died, and
              can keep notes and papers safely together.
            </p>
          </div>
          <ButtonLink href="/login">Get Started</ButtonLink>
        </Card>

        <ResourcesColumns page="resources" />
      </Container>
    </PageLayout>
  );
}
